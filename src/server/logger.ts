import pino from 'pino';
import { env } from './env.ts';

/** JSON lines in production (for log shippers); pretty, human lines in development. */
function createLogger() {
  const { isProduction, logLevel, mode } = env();
  if (isProduction || mode === 'test') return pino({ level: logLevel });
  return pino({
    level: logLevel,
    transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
  });
}

let instance: pino.Logger | undefined;

export function logger(): pino.Logger {
  instance ??= createLogger();
  return instance;
}
