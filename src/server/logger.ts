import { createRequire } from 'node:module';
import pino from 'pino';
import { env } from './env.ts';

/**
 * JSON lines in production (for log shippers); pretty, human lines in development.
 * pino-pretty is a dev dependency, loaded as a stream in development only (worker transports
 * cannot be resolved from inside Vite's module runner).
 */
function createLogger() {
  const { isProduction, logLevel, mode } = env();
  // Asynchronous writes: under load, lines written while a write is under way leave in one system
  // call (synchronous writes cost one call per request). pino flushes what is left at exit.
  if (isProduction || mode === 'test') return pino({ level: logLevel }, pino.destination({ dest: 1, sync: false }));
  const pretty = createRequire(import.meta.url)('pino-pretty') as (options: object) => pino.DestinationStream;
  return pino({ level: logLevel }, pretty({ colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true }));
}

let instance: pino.Logger | undefined;

export function logger(): pino.Logger {
  instance ??= createLogger();
  return instance;
}
