import tailwindcss from '@tailwindcss/vite';
import { tanstackStart } from '@tanstack/react-start/plugin/vite';
import viteReact from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * `ANALYZE=1 npm run build` also writes bench/report/bundle.html: every browser chunk as a treemap
 * of the modules in it, with gzip and brotli sizes (`ANALYZE=list` writes a text list instead).
 */
function bundleReport(): Plugin[] {
  const mode = process.env.ANALYZE;
  if (!mode) return [];
  const list = mode === 'list';
  const plugin = visualizer({
    filename: `bench/report/bundle.${list ? 'txt' : 'html'}`,
    template: list ? 'list' : 'treemap',
    title: 'Springboard browser bundle',
    gzipSize: true,
    brotliSize: true,
  }) as Plugin;
  // The browser's chunks only (the server build would overwrite the report).
  return [{ ...plugin, applyToEnvironment: (environment) => environment.name === 'client' }];
}

/**
 * Brotli (best quality) and gzip copies of the browser's text files, written beside them at build
 * time: the static file server sends them as they are instead of compressing every response.
 * (vite-plugin-compression2 was tried: it compresses the server build too, whatever the
 * environment, and rewrites process.stdout.write.)
 */
function precompressedAssets(): Plugin {
  return {
    name: 'springboard:precompressed-assets',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    // After writing: the files are final (Vite rewrites preload markers late in generateBundle).
    writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|json|svg)$/.test(file.fileName)) continue;
        const source = Buffer.from(file.type === 'chunk' ? file.code : file.source);
        if (source.length < 1024) continue;
        const target = path.join(options.dir!, file.fileName);
        writeFileSync(`${target}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${target}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * The translation files the browser fetches (every language's namespaces but the English ones its
 * entry carries): one folder, `assets/locales-<hash of all of them>/<language>/<namespace>.json`.
 * The entry then holds that one name, not a hashed URL per file (each of which the first load of
 * every page paid for, ~0.9 KB gzip at 44 files). A change to any translation renames the folder,
 * so the files stay immutable under /assets/. Development fetches them from src/locales itself.
 */
const LOCALES_DIR = path.resolve(import.meta.dirname, 'src/locales');
function localeFiles() {
  const files = readdirSync(LOCALES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap(({ name: lng }) =>
      readdirSync(path.join(LOCALES_DIR, lng))
        .filter((file) => file.endsWith('.json'))
        .map((file) => `${lng}/${file}`),
    )
    .sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(readFileSync(path.join(LOCALES_DIR, file)));
  return { files, folder: `assets/locales-${hash.digest('base64url').slice(0, 10)}` };
}

function localeAssets(locales: ReturnType<typeof localeFiles>): Plugin {
  return {
    name: 'springboard:locale-assets',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle() {
      for (const file of locales.files) {
        const source = JSON.stringify(JSON.parse(readFileSync(path.join(LOCALES_DIR, file), 'utf8')));
        this.emitFile({ type: 'asset', fileName: `${locales.folder}/${file}`, source });
      }
    },
  };
}

/**
 * Packages every page runs: React, the router and Start's client, i18next. Only
 * their modules the entry needs (`$initial`: statically imported from it); the others (infinite
 * queries, mutations, blockers…) load with the pages that use them.
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/][^\\/]+|seroval|seroval-plugins|cookie-es|i18next|react-i18next|use-sync-external-store|tiny-invariant|tiny-warning)[\\/]/;

/** The pages' building blocks (the `pages` chunk), the dates' formats with them (the app's home shows none). */
const PAGE_BLOCKS =
  /[\\/]src[\\/](components[\\/](form-page|unsaved-changes|confirm-dialog|page-skeletons|search-field|display-name|ui[\\/](page-header|breadcrumb|table|item-list|empty-state|badge|card|skeleton))\.tsx|lib[\\/](use-search-input|i18n[\\/](format|use-dates))\.ts)$/;
/** lucide-react's shared runtime, which every icon module imports. */
const LUCIDE_RUNTIME = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/;

/**
 * The browser's chunks. Route-level code splitting cut the app into ~100 chunks, many of a few
 * hundred bytes shared by some routes, so a first load made 40+ requests. Two groups gather what
 * nearly every page needs; everything else (a page's own code, forms, dialogs, the OTP input)
 * still loads with the pages that use it.
 */
const clientChunks = {
  groups: [
    // TanStack Query, the product API's client (oRPC) and our modules for them, in one chunk that the
    // signed-in sections load (decision 026); with it the /app shell's one query (its organisations).
    {
      name: 'query',
      test: /node_modules[\\/](@tanstack[\\/](query-core|react-query)|@orpc)[\\/]|[\\/]src[\\/](lib[\\/](query-client|list-query|api-client)|features[\\/]organizations[\\/]organizations\.queries)\.ts$/,
      // Below the framework, or it would take React (a dependency of its modules) with it.
      priority: 2,
    },
    { name: 'framework', test: FRAMEWORK, tags: ['$initial' as const], priority: 3 },
    // The form fields, the building blocks the sign-in pages share with the sections: taken before
    // `app`, so that those pages do not load the sections' blocks (lists, blockers, badges) with them.
    // The auth-error messages hook and the logo mark too: /login needs them, and in `app` they would bring
    // the sections' blocks.
    {
      name: 'fields',
      test: /[\\/]src[\\/](components[\\/](ui[\\/](field|input)|logo-mark)\.tsx|lib[\\/]i18n[\\/]use-auth-error\.ts)$/,
      priority: 2,
    },
    {
      name: 'app',
      // Shared building blocks. Heavy ones (dialog, menu, OTP input, toaster, zod and the schemas, permissions)
      // stay with their pages: a module in a group brings its dependencies into it. So do the
      // manager's list, which only its two list pages use (the sign-in pages load this group), the
      // sessions list (the accounts and a user's page: in this group it brought the lists' blocks
      // and the date formats into /app's first load), and
      // the primitives on Radix UI's popper (select, combobox, action menu): each brings
      // its Radix package, loaded by the pages that use one (issue 16).
      // The pages' building blocks (`PAGE_BLOCKS`) are a group of their own, and lucide's runtime (not
      // its icons) is here, where the sections' shell finds it: a page without those blocks (the
      // app's home) loads the shell's blocks only.
      test: (id: string) =>
        LUCIDE_RUNTIME.test(id) ||
        (/[\\/]src[\\/](components|lib)[\\/]/.test(id) &&
          !PAGE_BLOCKS.test(id) &&
          !/responsive-dialog-content|dropdown-menu|input-otp|toaster-sonner|manager-list|session-list|[\\/](zod|zod-errors|list|organization-input)\.ts|permissions\.ts/.test(
            id,
          ) &&
          !/[\\/]ui[\\/](select|combobox|action-menu)\.tsx$/.test(id)),
      // Above `pages`: lucide's runtime is a dependency of both, and it goes where the shell loads it.
      priority: 2,
    },
    // The pages' building blocks: headers and breadcrumbs, lists (table, cards, search, empty state,
    // skeletons), detail cards, forms (their page, the unsaved-changes guard, confirmations).
    { name: 'pages', test: PAGE_BLOCKS, priority: 1 },
  ],
};

export default defineConfig(({ command }) => {
  const locales = localeFiles();
  return {
    define: {
      // Where the browser fetches translation files (see localeAssets).
      'import.meta.env.LOCALES_URL': JSON.stringify(command === 'build' ? `/${locales.folder}` : '/src/locales'),
    },
    plugins: [
      tailwindcss(),
      // A route's split parts (loader, page, error, not-found, pending) share one chunk: one request, not
      // five, and the entry holds no loader (decision 026).
      tanstackStart({
        router: {
          codeSplittingOptions: { defaultBehavior: [['loader', 'component', 'pendingComponent', 'errorComponent', 'notFoundComponent']] },
        },
      }),
      viteReact(),
      localeAssets(locales),
      precompressedAssets(),
      ...bundleReport(),
    ],
    resolve: {
      tsconfigPaths: false,
      // The router's store asks for the shim of React < 18; React 19 has the hook itself.
      alias: [{ find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' }],
    },
    ssr: {
      // The server's dependencies are bundled into dist/server: Node then resolves and loads a few
      // files instead of hundreds of packages' modules (the import went from ~950 to ~170 ms).
      // Kept external: packages that read their own files at run time (PGlite's WebAssembly and
      // extensions, Swagger UI's assets, pino's worker transports, sharp's native binary) and the
      // drivers (the S3 client's credential providers load on demand).
      // Build only: the dev server runs its server modules in Vite's module runner, which evaluates
      // them as ES modules, so a CommonJS package (React) bundled there fails with `module is not
      // defined`; in development Node loads the dependencies itself.
      noExternal: command === 'build' ? true : undefined,
      external: [
        '@electric-sql/pglite',
        'pino',
        'pino-pretty',
        'thread-stream',
        'swagger-ui-dist',
        'pg',
        'ioredis',
        'nodemailer',
        'sharp',
        '@aws-sdk/client-s3',
      ],
    },
    environments: { client: { build: { rolldownOptions: { output: { codeSplitting: clientChunks } } } } },
  };
});
