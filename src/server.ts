/**
 * The server entry (TanStack Start): the framework's handler inside our HTTP pipeline.
 * `scripts/start.mjs` imports the built copy of this file, calls `ready()` before listening,
 * and `shutdown()` on SIGTERM/SIGINT.
 */
import { fileURLToPath } from 'node:url';
import { createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server';
import { createServerEntry } from '@tanstack/react-start/server-entry';
import { closeDatabase, ready } from './server/db/index.ts';
import { createHttpPipeline } from './server/http/pipeline.ts';

const startHandler = createStartHandler(defaultStreamHandler);

export const fetch = createHttpPipeline((request, options) => startHandler(request, options), {
  staticDir: import.meta.env.PROD ? fileURLToPath(new URL('../client', import.meta.url)) : undefined,
});

export { ready };
export const shutdown = closeDatabase;

export default createServerEntry({ fetch });

export { env } from './server/env.ts';
