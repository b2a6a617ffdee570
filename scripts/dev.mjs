#!/usr/bin/env node
// `npm run dev`: Vite's dev server with hot reload, on the same defaults as `npm start`.
import { createServer } from 'vite';
import { identity } from '../src/lib/identity.ts';
import { EnvError, parseEnv } from '../src/server/env.ts';

process.env.NODE_ENV ??= 'development';

let config;
try {
  config = parseEnv(process.env);
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const server = await createServer({ server: { port: config.port, host: config.host, strictPort: true } });
await server.listen();
const local = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
const health = await fetch(`${local}/api/health`).catch((error) => ({ status: 0, error }));
console.log(
  `${identity.name} (development) ready on ${config.baseUrl} — database ${health.status === 200 ? 'ready' : 'NOT ready, see the log above'}`,
);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await server.close();
    process.exit(0);
  });
}
