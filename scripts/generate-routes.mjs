// Writes src/routeTree.gen.ts from src/routes/ with the framework's own generator: its Vite plugin
// runs it when the configuration resolves, as under `npm run dev` and `npm run build`. The type check
// and lint run it first, so a new route file type-checks without starting the dev server.
import { resolveConfig } from 'vite';

await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'error' }, 'build');
