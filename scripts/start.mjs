#!/usr/bin/env node
// `npm start`: builds first when no build exists. check-node first: on an old Node nothing below may fail
// to link before it, so node:module is imported whole (enableCompileCache is Node 22's).
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

process.env.NODE_ENV ??= 'production';
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.chdir(root);
const entry = path.join(root, 'dist/server/server.js');

if (!existsSync(entry)) {
  console.log('No production build found: building first (npm run build)…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Later starts skip compiling the server code.
nodeModule.enableCompileCache();
const started = performance.now();
/** A missing or bad variable: the one line src/server/env.ts wrote, naming it, and no stack. */
function exitOnEnvError(error) {
  if (error?.name !== 'EnvError') throw error;
  console.error(error.message);
  process.exit(1);
}

// Importing the server reads the environment already (the HTTP pipeline is made at load).
let app;
try {
  app = await import(entry);
} catch (error) {
  exitOnEnvError(error);
}

let config;
try {
  config = app.env();
} catch (error) {
  exitOnEnvError(error);
}

// OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set: before the database opens, so its start-up is traced too.
await app.startTracing(config);

try {
  await app.ready();
} catch (error) {
  console.error(`Database start-up failed: ${error?.message ?? error}`);
  process.exit(1);
}

const { serve } = await import('srvx');
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, silent: true });
await server.ready();
const address = server.node?.server?.address();
const port = typeof address === 'object' && address ? address.port : config.port;
// Prometheus metrics on a port of their own, when asked for (METRICS_PORT).
const metrics = config.metricsPort ? await app.serveMetrics(config.metricsPort, config.metricsHost) : undefined;
if (metrics)
  console.log(
    `Metrics on http://${config.metricsHost.includes(':') ? `[${config.metricsHost}]` : config.metricsHost}:${config.metricsPort}/metrics`,
  );
console.log(
  `${app.identity.name} ready on ${config.baseUrl.replace(`:${config.port}`, `:${port}`)} (listening on ${config.host}:${port}, ${Math.round(performance.now() - started)} ms)`,
);

// A bug must be visible in the log; a client that hangs up mid-response is not one.
const CLIENT_GONE = new Set(['ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED', 'ABORT_ERR']);
process.on('unhandledRejection', (reason) => console.error('unhandled rejection:', reason));
process.on('uncaughtException', (error) => {
  if (CLIENT_GONE.has(error?.code)) return;
  // undici closes a cancelled request-body stream twice, from a microtask nothing can catch
  // (nodejs/undici#5715): that request is over already, and the process must not die for it.
  if (error?.code === 'ERR_INVALID_STATE' && /ReadableStream is already closed/.test(error.message)) {
    console.warn('ignored a closed request-body stream (nodejs/undici#5715)');
    return;
  }
  console.error('uncaught exception:', error);
  process.exit(1);
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await server.close();
    metrics?.close();
    await app.shutdown();
    await app.stopTracing();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
