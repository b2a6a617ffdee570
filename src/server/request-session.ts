/**
 * The session of one HTTP request, read once. A server render asks for it in its route guards and
 * again in each product-API call it makes in-process (with the same Request object).
 *
 * Nothing is kept across requests (decision 028): every request reads its session from the
 * database through Better Auth, so a sign-out, a revocation, a ban or a change of role made by any
 * instance, through any API (or in SQL), counts on that user's very next request.
 */
import type { Auth } from './auth.ts';
import { sessionCookie } from './session-cookie.ts';

type Session = Awaited<ReturnType<Auth['api']['getSession']>>;

const perRequest = new WeakMap<Request, Promise<Session>>();

async function readSession(request: Request): Promise<Session> {
  // No session cookie, no session: Better Auth would answer null after building its context.
  if (!sessionCookie(request)) return null;
  // Loaded on the first request that carries a session cookie: an idle server does not hold Better Auth.
  const { getAuth } = await import('./auth.ts');
  return (await getAuth()).api.getSession({ headers: request.headers });
}

export function requestSession(request: Request): Promise<Session> {
  let session = perRequest.get(request);
  if (!session) {
    session = readSession(request);
    perRequest.set(request, session);
  }
  return session;
}
