import tailwindcss from '@tailwindcss/vite';
import { tanstackStart } from '@tanstack/react-start/plugin/vite';
import viteReact from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { brandAssets } from './scripts/brand-assets.ts';
import { identity, identitySlug } from './src/lib/identity.ts';

/** `ANALYZE=1 npm run build` also writes bench/report/bundle.html (`ANALYZE=list`: a text list). */
function bundleReport(): Plugin[] {
  const mode = process.env.ANALYZE;
  if (!mode) return [];
  const list = mode === 'list';
  const plugin = visualizer({
    filename: `bench/report/bundle.${list ? 'txt' : 'html'}`,
    template: list ? 'list' : 'treemap',
    title: `${identity.name} browser bundle`,
    gzipSize: true,
    brotliSize: true,
  }) as Plugin;
  // The browser's chunks only (the server build would overwrite the report).
  return [{ ...plugin, applyToEnvironment: (environment) => environment.name === 'client' }];
}

// The static file server sends these as they are instead of compressing every response.
// (vite-plugin-compression2 compresses the server build too, and rewrites process.stdout.write.)
function precompressedAssets(): Plugin {
  return {
    name: `${identitySlug}:precompressed-assets`,
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

// One hashed folder for the translation files: the entry holds one name, not a URL per file, and
// a change to any of them renames the folder, so the files stay immutable under /assets/.
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
    name: `${identitySlug}:locale-assets`,
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

// The manifest and the icons, made from src/lib/identity.ts (scripts/brand-assets.ts): emitted into the
// browser's build, and answered from memory by the dev server.
function identityAssets(): Plugin[] {
  return [
    {
      name: `${identitySlug}:identity-assets`,
      apply: 'build',
      applyToEnvironment: (environment) => environment.name === 'client',
      async generateBundle() {
        for (const [fileName, asset] of Object.entries(brandAssets))
          this.emitFile({ type: 'asset', fileName, source: await asset.source() });
      },
    },
    {
      name: `${identitySlug}:identity-assets-dev`,
      apply: 'serve',
      configureServer(server) {
        server.middlewares.use((req, res, next) => {
          const asset = brandAssets[(req.url ?? '').split('?')[0]!.slice(1)];
          if (!asset) return next();
          asset.source().then((body) => {
            res.setHeader('Content-Type', asset.type);
            res.setHeader('Cache-Control', 'no-cache');
            res.end(body);
          }, next);
        });
      },
    },
  ];
}

/** Packages every page runs; only their modules the entry imports (`$initial`), the rest load with their pages. */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/][^\\/]+|seroval|seroval-plugins|cookie-es|i18next|react-i18next|use-sync-external-store|tiny-invariant|tiny-warning)[\\/]/;

/** The pages' building blocks (the `pages` chunk), the dates' formats with them (the app's home shows none). */
const PAGE_BLOCKS =
  /[\\/]src[\\/](components[\\/](form-page|unsaved-changes|confirm-dialog|page-skeletons|search-field|display-name|ui[\\/](page-header|breadcrumb|table|item-list|empty-state|badge|card|skeleton))\.tsx|lib[\\/](use-search-input|i18n[\\/](format|use-dates))\.ts)$/;
const SETTINGS_BLOCKS =
  /node_modules[\\/]@radix-ui[\\/]react-checkbox[\\/]|[\\/]src[\\/](components[\\/](api-key-list|secret-field|danger-zone|ui[\\/](checkbox|checkbox-group))\.tsx|lib[\\/](audit-actions|webhook-events)\.ts)$/;
/** lucide-react's shared runtime, which every icon module imports. */
const LUCIDE_RUNTIME = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/;

// Route splitting alone makes ~100 tiny chunks and 40+ requests per first load; these groups gather
// what nearly every page needs (figures in decision 062).
const clientChunks = {
  groups: [
    // The API client (oRPC), Query's parts the entry does not need, and our query modules: for the signed-in sections.
    {
      name: 'query',
      test: /node_modules[\\/](@tanstack[\\/](query-core|react-query)|@orpc)[\\/]|[\\/]src[\\/](lib[\\/](query-client|list-query|api-client)|features[\\/]organizations[\\/]organizations\.queries)\.ts$/,
      // Below the framework, or it would take React (a dependency of its modules) with it.
      priority: 2,
    },
    { name: 'framework', test: FRAMEWORK, tags: ['$initial' as const], priority: 3 },
    // What the sign-in pages share with the sections, taken before `app` so that /login does not load
    // the sections' blocks with it.
    {
      name: 'fields',
      test: /[\\/]src[\\/](components[\\/](ui[\\/](field|input)|logo-mark)\.tsx|lib[\\/]i18n[\\/]use-auth-error\.ts)$/,
      priority: 2,
    },
    {
      name: 'app',
      // Shared blocks. The excluded ones stay with their pages: a module in a group brings its
      // dependencies (zod, Radix packages, the table library) into it.
      test: (id: string) =>
        LUCIDE_RUNTIME.test(id) ||
        (/[\\/]src[\\/](components|lib)[\\/]/.test(id) &&
          !PAGE_BLOCKS.test(id) &&
          !SETTINGS_BLOCKS.test(id) &&
          !/responsive-dialog-content|dropdown-menu|input-otp|toaster-sonner|manager-list|session-list|[\\/](zod|zod-errors|list|organization-input|use-searched-options)\.ts|permissions\.ts/.test(
            id,
          ) &&
          // The calendar brings react-day-picker and date-fns (only the audit log uses it); the faceted
          // filter brings Radix's menu (only the manager's tables); the command menu brings cmdk (the palette's lazy chunk).
          !/[\\/]ui[\\/](select|combobox|action-menu|tooltip|calendar|faceted-filter|command)\.tsx$/.test(id)),
      // Above `pages`: lucide's runtime is a dependency of both, and it goes where the shell loads it.
      priority: 2,
    },
    // Apart from `app`, so that a page without them (the app's home) loads the shell's blocks only.
    { name: 'pages', test: PAGE_BLOCKS, priority: 1 },
    // The settings pages' blocks (account, organisation, a user's or a book's page in the manager): apart
    // from `app`, which the sign-in pages load, so that /login does not bring them (decision 062).
    { name: 'settings', test: SETTINGS_BLOCKS, priority: 0 },
    // Radix's shared core, which the dialogs, menus and checkboxes need and the sign-in pages do not.
    {
      name: 'radix',
      test: /node_modules[\\/]@radix-ui[\\/](primitive|react-(slot|presence|context|primitive|compose-refs|use-controllable-state|use-effect-event|use-layout-effect|use-size))[\\/]/,
      priority: 1,
    },
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
      // A route's split parts share one chunk: one request, not five, and the entry holds no loader.
      tanstackStart({
        router: {
          codeSplittingOptions: { defaultBehavior: [['loader', 'component', 'pendingComponent', 'errorComponent', 'notFoundComponent']] },
        },
      }),
      viteReact(),
      localeAssets(locales),
      ...identityAssets(),
      precompressedAssets(),
      ...bundleReport(),
    ],
    resolve: {
      tsconfigPaths: false,
      // The router's store asks for the shim of React < 18; React 19 has the hook itself.
      alias: [{ find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' }],
    },
    ssr: {
      // Bundled, Node loads a few files, not hundreds of modules. Build only: Vite's dev module runner
      // fails on a bundled CommonJS package (`module is not defined`).
      noExternal: command === 'build' ? true : undefined,
      // Packages that read their own files at run time (WebAssembly, assets, workers, binaries), and drivers.
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
