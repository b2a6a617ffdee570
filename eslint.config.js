import { readdirSync } from 'node:fs';
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
/** Dates on a page are written in the reader's time zone, the same in the first byte and in hydration. */
const datesPath = {
  name: '#/lib/i18n/format',
  importNames: ['formatDate', 'formatDateTime', 'formatRelative'],
  message: "Use useDates() from '#/lib/i18n/use-dates': the reader's time zone, the same on the server and in the hydrating browser.",
};
const restrict = (paths = [zodPath, sonnerPath, datesPath]) => ['error', { paths }];

// Import direction (docs/architecture.md). `regex`, not `patterns.group`: the latter reads gitignore
// syntax, where a line starting with `#` is a comment, so `'#/server/*'` would match nothing.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** A specifier that leads into src/<dir>/. */
const to = (dir) => `^(?:#/|(?:\\.\\./)+)${dir}(?:/|$)`;
/** The file part of a specifier naming one of these modules (with or without its extension). */
const modules = (names) => `(?:${names})(?:\\.tsx?)?$`;

/** A feature's public modules: its schema (the data contract) and its server functions (its API). */
const FEATURE_PUBLIC = modules('[^/]+\\.schema|[^/]+\\.functions');
/** Every signed-in page stands on auth, so it also exposes the signed-in user, their client, sign-out and redirect. */
const AUTH_PUBLIC = modules(
  '[^/]+\\.schema|[^/]+\\.functions|auth-client|passkey-client|session|use-current-user|use-permission|sign-out|redirect|auth-layout',
);
/** The images feature lends its picture field (a lazily loaded uploader) to the pages that change a picture. */
const IMAGES_PUBLIC = modules('[^/]+\\.schema|[^/]+\\.functions|picture-field');

const rule = {
  routes: { regex: to('routes'), message: 'Nothing imports a route: routes are the top of the import direction.' },
  layout: { regex: to('layout'), message: 'layout/ is imported by routes only.' },
  features: { regex: to('features'), message: 'components/, lib/ and server/ never import features (features import them).' },
  serverFromPage: {
    regex: to('server'),
    message:
      'Page routes reach the server through the product API\u2019s client (src/lib/api-client.ts) or a feature\u2019s server functions, never directly.',
  },
  serverFromFeature: {
    regex: to('server'),
    allowTypeImports: true,
    message: 'In a feature, only *.router.ts, *.functions.ts and *.server.ts import the server (a type-only import is fine).',
  },
  serverFromLayout: { regex: to('server'), message: 'layout/ reaches the server through a feature, never directly.' },
  serverFromBelow: { regex: to('server'), message: 'components/ and lib/ are client-side: they never import server code.' },
  serverFromApiClient: {
    // Its server branch, which the framework's compiler removes from the browser build, imports the in-process link.
    regex: to('server'),
    allowTypeImports: true,
    dynamicRegex: `${to('server')}(?!api-in-process(?:\\.ts)?$)`,
    message: 'src/lib/api-client.ts takes from the server only the router\u2019s type and, in its server branch, api-in-process.ts.',
  },
  componentsFromServer: { regex: to('components'), message: 'server/ does not import UI components.' },
  featureRouterOnly: {
    // The product API's composition root lists every feature's procedures: the one import from server/ up into features.
    regex: `^(?:#/features/|(?:\\.\\./)+features/)(?![^/]+/[^/]+\\.router(?:\\.ts)?$)`,
    message: 'server/router.ts imports only the features\u2019 *.router.ts modules.',
  },
  // The role field's reading is import-free too, and shared with the sign-in pages, which must not
  // load the declaration (it brings Better Auth's access control).
  anythingOurs: {
    regex: '^(?!\\./role-field(?:\\.ts)?$)(?:#/|\\.)',
    message: 'src/lib/permissions.ts is pure data and imports nothing of ours but ./role-field.ts.',
  },
};

/** Another feature than `own`, reached anywhere but through its public modules. */
const otherFeatures = (own) => {
  const others = FEATURES.filter((name) => name !== own);
  const prefix = `^(?:#/features/|(?:\\.\\./)+(?:features/)?)`;
  const plain = others.filter((name) => name !== 'auth' && name !== 'images');
  return [
    ...(plain.length
      ? [
          {
            regex: `${prefix}(?:${plain.join('|')})/(?!${FEATURE_PUBLIC})`,
            message: `A feature imports another feature only through its *.schema.ts or *.functions.ts.`,
          },
        ]
      : []),
    ...(own === 'images'
      ? []
      : [
          {
            regex: `${prefix}images/(?!${IMAGES_PUBLIC})`,
            message: 'A feature imports images only through its public modules (see eslint.config.js).',
          },
        ]),
    ...(own === 'auth'
      ? []
      : [
          {
            regex: `${prefix}auth/(?!${AUTH_PUBLIC})`,
            message: 'A feature imports auth only through its public modules (see eslint.config.js).',
          },
        ]),
  ];
};

/** Both rules for one set of restrictions (a later block replaces an earlier one's options). */
const boundaries = (...restrictions) => {
  const patterns = restrictions.map(({ regex, message, allowTypeImports }) => ({
    regex,
    message,
    caseSensitive: true,
    ...(allowTypeImports ? { allowTypeImports } : {}),
  }));
  // esquery reads a regex up to the first `/`, so slashes are written as \x2F there.
  const selectors = restrictions.map(({ regex, dynamicRegex = regex, message }) => ({
    selector: `ImportExpression[source.value=/${dynamicRegex.replaceAll('/', '\\x2F')}/]`,
    message,
  }));
  return {
    '@typescript-eslint/no-restricted-imports': patterns.length ? ['error', { patterns }] : 'off',
    'no-restricted-syntax': selectors.length ? ['error', ...selectors] : 'off',
  };
};

/** Components name the theme's tokens (src/styles.css), so a re-brand is one stylesheet block. */
const PALETTE_CLASS =
  /(?:^|\s)[\w[\]=&>:-]*?(?:bg|text|border|ring|ring-offset|divide|outline|fill|stroke|from|via|to|shadow|decoration|caret|accent)-(?:slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)-\d{2,3}(?:\/\d+)?(?=\s|$)/;
const themeTokens = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const check = (node, text) => {
      const found = typeof text === 'string' && PALETTE_CLASS.exec(text);
      if (found) context.report({ node, message: `'${found[0].trim()}' is a palette colour: use a theme token (src/styles.css).` });
    };
    return { Literal: (node) => check(node, node.value), TemplateElement: (node) => check(node, node.value.cooked) };
  },
};

const SOURCE = '**/*.{ts,tsx}';
const TESTS = ['src/**/*.test.{ts,tsx}'];

export default tseslint.config(
  { ignores: ['dist/', '.output/', 'node_modules/', 'src/routeTree.gen.ts', 'drizzle/', 'test-results/', 'playwright-report/', '.data/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Dates and numbers go through src/lib/i18n/format.ts, which keeps each formatter and writes
  // Arabic with Latin digits.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/i18n/format.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat'].map((property) => ({
          object: 'Intl',
          property,
          message: 'Use dateFormat/numberFormat or formatDate/formatNumber from #/lib/i18n/format: one formatter per language, kept.',
        })),
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Use formatDate/formatNumber from #/lib/i18n/format (kept formatters, Latin digits in Arabic).',
        })),
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: TESTS,
    plugins: { local: { rules: { 'theme-tokens': themeTokens } } },
    rules: { 'local/theme-tokens': 'error' },
  },
  {
    files: [SOURCE],
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
  { files: ['src/lib/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
  // The facade itself.
  {
    files: ['src/components/ui/toast.ts', 'src/components/ui/toaster-sonner.tsx'],
    rules: { 'no-restricted-imports': restrict([zodPath]) },
  },

  // Import direction, from the bottom up. Root files (server.ts, router.tsx, client.tsx, start.ts)
  // are the composition roots and import from every layer.
  {
    files: [`src/lib/${SOURCE}`, `src/components/${SOURCE}`],
    rules: boundaries(rule.features, rule.serverFromBelow, rule.layout, rule.routes),
  },
  { files: ['src/lib/permissions.ts'], rules: boundaries(rule.anythingOurs) },
  { files: ['src/lib/api-client.ts'], rules: boundaries(rule.features, rule.serverFromApiClient, rule.layout, rule.routes) },
  { files: [`src/server/${SOURCE}`], rules: boundaries(rule.features, rule.componentsFromServer, rule.layout, rule.routes) },
  { files: ['src/server/router.ts'], rules: boundaries(rule.featureRouterOnly, rule.componentsFromServer, rule.layout, rule.routes) },
  ...FEATURES.flatMap((name) => [
    {
      files: [`src/features/${name}/${SOURCE}`],
      rules: boundaries(rule.serverFromFeature, ...otherFeatures(name), rule.layout, rule.routes),
    },
    {
      // *.server.ts: a feature's server-only module (form posts handled by a route's server handler).
      files: [`src/features/${name}/**/*.router.ts`, `src/features/${name}/**/*.functions.ts`, `src/features/${name}/**/*.server.ts`],
      rules: boundaries(...otherFeatures(name), rule.layout, rule.routes),
    },
  ]),
  { files: [`src/layout/${SOURCE}`], rules: boundaries(rule.serverFromLayout, rule.routes) },
  // API routes (routes/api/) are endpoints, not pages: they return what a server module answers.
  { files: [`src/routes/${SOURCE}`], ignores: [`src/routes/api/${SOURCE}`], rules: boundaries(rule.serverFromPage) },
  // Tests drive any layer (an API test calls the server's handler, a page test renders a feature).
  { files: TESTS, rules: boundaries() },
);
