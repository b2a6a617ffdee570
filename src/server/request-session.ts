/**
 * The session of one HTTP request, read once. A server render asks for it in its route guards and
 * again in each product-API call it makes in-process (with the same Request object). Reads are
 * also reused across requests for a short while (session-cache.ts), except with Redis.
 */
import { getAuth, type Auth } from './auth.ts';
import { env } from './env.ts';
import { cachedSession, sessionCookie } from './session-cache.ts';

type Session = Awaited<ReturnType<Auth['api']['getSession']>>;

const perRequest = new WeakMap<Request, Promise<Session>>();

async function readSession(request: Request): Promise<Session> {
  const cookie = sessionCookie(request);
  // No session cookie, no session: Better Auth would answer null after building its context.
  if (!cookie) return null;
  const read = () => getAuth().then((auth) => auth.api.getSession({ headers: request.headers }));
  if (env().redisUrl) return read();
  return cachedSession(cookie, read, (s) => (s ? new Date(s.session.expiresAt).getTime() : Infinity));
}

export function requestSession(request: Request): Promise<Session> {
  let session = perRequest.get(request);
  if (!session) {
    session = readSession(request);
    perRequest.set(request, session);
  }
  return session;
}
