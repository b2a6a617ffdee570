// Writes src/routeTree.gen.ts (as the Vite plugin does) so type check and lint work without the dev server.
import { resolveConfig } from 'vite';

await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'error' }, 'build');
