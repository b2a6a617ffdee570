import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Zod is imported through src/lib/zod.ts, which configures it first (see that file). */
const zodPath = { name: 'zod', message: "Import { z } from '#/lib/zod' (it configures Zod before any schema is built)." };
/** Toasts go through the facade that loads sonner on the first one (src/components/ui/toast.ts). */
const sonnerPath = {
  name: 'sonner',
  importNames: ['toast', 'Toaster'],
  message: "Import { toast } from '#/components/ui/toast' (sonner loads on the first toast).",
};
const restrict = (patterns = [], paths = [zodPath, sonnerPath]) => ['error', { paths, patterns }];

export default tseslint.config(
  { ignores: ['dist/', '.output/', 'node_modules/', 'src/routeTree.gen.ts', 'drizzle/', 'test-results/', 'playwright-report/', '.data/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': restrict(),
    },
  },

  {
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        performance: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
  {
    // Architecture: shared UI primitives and client infrastructure never import features or the server.
    files: ['src/components/**', 'src/lib/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['#/features/*', '#/server/*', '../features/*', '../server/*', '../../features/*', '../../server/*'],
          message: 'components/ and lib/ must not import features or server code.',
        },
      ]),
    },
  },
  {
    // Routes stay thin: they render features, and reach the server only through features' server functions.
    files: ['src/routes/**'],
    ignores: ['src/routes/api/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['#/server/*', '../server/*', '../../server/*'],
          message: 'Page routes reach the server through a feature (server function or router).',
        },
      ]),
    },
  },
  { files: ['src/lib/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    // The facade itself.
    files: ['src/components/ui/toast.ts', 'src/components/ui/toaster-sonner.tsx'],
    rules: {
      'no-restricted-imports': restrict(
        [{ group: ['#/features/*', '#/server/*'], message: 'components/ and lib/ must not import features or server code.' }],
        [zodPath],
      ),
    },
  },
);
