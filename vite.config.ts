import tailwindcss from '@tailwindcss/vite';
import { tanstackStart } from '@tanstack/react-start/plugin/vite';
import viteReact from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), tanstackStart(), viteReact()],
  resolve: { tsconfigPaths: false },
  build: {
    // Translation files are fetched at run time: keep them as files (a data: URL would be refused by
    // the CSP's connect-src and cannot be cached across pages).
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
  },
});
