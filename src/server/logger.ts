import { createRequire } from 'node:module';
import pino from 'pino';
import { env } from './env.ts';
import { currentRequestId } from './request-context.ts';
import { currentTraceId } from './tracing.ts';

/** pino-pretty is loaded as a stream: worker transports cannot be resolved inside Vite's module runner. */
/** Every line written while a request is answered names it. */
function mixin() {
  const requestId = currentRequestId();
  const traceId = currentTraceId();
  return { ...(requestId && { requestId }), ...(traceId && { traceId }) };
}

function createLogger() {
  const { isProduction, logLevel, mode } = env();
  // Asynchronous writes: one system call for many lines under load. pino flushes the rest at exit.
  if (isProduction || mode === 'test') return pino({ level: logLevel, mixin }, pino.destination({ dest: 1, sync: false }));
  const pretty = createRequire(import.meta.url)('pino-pretty') as (options: object) => pino.DestinationStream;
  return pino({ level: logLevel, mixin }, pretty({ colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true }));
}

let instance: pino.Logger | undefined;

export function logger(): pino.Logger {
  instance ??= createLogger();
  return instance;
}
