// Better Auth logs a client's mistake (a foreign callback URL, a wrong origin) at error level with
// the whole value it was sent. Its lines are held until the answer is known: below 500 (a refusal,
// a redirect to the error page) they are a client's doing and go out at warn at most; with a 5xx,
// or outside a request, as Better Auth said.
// Every value is cut to MAX_LOGGED_CHARS, so a 5 000-character URL costs the log 200.
import { logger } from './logger.ts';
import { currentRequestContext } from './request-context.ts';

const MAX_LOGGED_CHARS = 200;

type Level = 'debug' | 'info' | 'warn' | 'error';

const cut = (value: string) => (value.length > MAX_LOGGED_CHARS ? `${value.slice(0, MAX_LOGGED_CHARS)}… (${value.length} chars)` : value);

const write = (level: Level, message: string, args: string[]) =>
  logger()[level](args.length ? { args: args.map(cut) } : {}, `Better Auth: ${cut(message)}`);

/** Better Auth's `logger.log`. */
export function logAuthLine(level: Level | 'success', message: string, ...args: unknown[]) {
  const lineLevel = level === 'success' ? 'info' : level;
  const line = { level: lineLevel, message, args: args.map(String) };
  const held = currentRequestContext()?.authLines;
  if (held) held.push(line);
  else write(line.level, line.message, line.args);
}

const LESS_THAN_WARN: ReadonlySet<Level> = new Set(['debug', 'info']);

/** Runs one auth request with its lines held, then writes them at the level its answer's status calls for. */
export async function withAuthLines(answer: () => Promise<Response>): Promise<Response> {
  const context = currentRequestContext();
  if (!context) return answer();
  const held: NonNullable<typeof context.authLines> = [];
  context.authLines = held;
  let status = 500;
  try {
    const response = await answer();
    status = response.status;
    return response;
  } finally {
    context.authLines = undefined;
    const clientsMistake = status < 500;
    for (const line of held) write(clientsMistake && !LESS_THAN_WARN.has(line.level) ? 'warn' : line.level, line.message, line.args);
  }
}
