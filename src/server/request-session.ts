/**
 * The session of one HTTP request, read once. A server render asks for it in its route guards and
 * again in each product-API call it makes in-process (with the same Request object).
 *
 * Reading a session through Better Auth costs about 2 ms of CPU (its per-call context, the cookie
 * signature, a session and a user query): more than the rest of a books-list call. So a read is
 * also reused across requests with the same session cookie, until a write or for 30 s at most
 * (recent-reads.ts, decision 025).
 */
import type { Auth } from './auth.ts';
import { isSingleInstance } from './env.ts';
import { RecentReads } from './recent-reads.ts';
import { sessionCookie } from './session-cookie.ts';

type Session = Awaited<ReturnType<Auth['api']['getSession']>>;

export const recentSessions = new RecentReads<Session>({
  maxAgeMs: 30_000,
  maxEntries: 10_000,
  enabled: isSingleInstance,
  validUntil: (s) => (s ? new Date(s.session.expiresAt).getTime() : Infinity),
});

const perRequest = new WeakMap<Request, Promise<Session>>();

async function readSession(request: Request): Promise<Session> {
  const cookie = sessionCookie(request);
  // No session cookie, no session: Better Auth would answer null after building its context.
  if (!cookie) return null;
  return recentSessions.get(cookie, async () => {
    // Loaded on the first request that carries a session cookie: an idle server does not hold Better Auth.
    const { getAuth } = await import('./auth.ts');
    return (await getAuth()).api.getSession({ headers: request.headers });
  });
}

export function requestSession(request: Request): Promise<Session> {
  let session = perRequest.get(request);
  if (!session) {
    session = readSession(request);
    perRequest.set(request, session);
  }
  return session;
}
