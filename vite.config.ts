import tailwindcss from '@tailwindcss/vite';
import { tanstackStart } from '@tanstack/react-start/plugin/vite';
import viteReact from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
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

export default defineConfig({
  plugins: [tailwindcss(), tanstackStart(), viteReact(), ...bundleReport()],
  resolve: { tsconfigPaths: false },
  build: {
    // Translation files are fetched at run time: keep them as files (a data: URL would be refused by
    // the CSP's connect-src and cannot be cached across pages).
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
  },
});
