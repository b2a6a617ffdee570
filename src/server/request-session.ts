/**
 * The session of one HTTP request, read once. A server render asks for it in its route guards and
 * again in each product-API call it makes in-process (with the same Request object); every read
 * was a session query and a user query.
 */
import { getAuth, type Auth } from './auth.ts';

type Session = Awaited<ReturnType<Auth['api']['getSession']>>;

const sessions = new WeakMap<Request, Promise<Session>>();

export function requestSession(request: Request): Promise<Session> {
  let session = sessions.get(request);
  if (!session) {
    session = getAuth().then((auth) => auth.api.getSession({ headers: request.headers }));
    sessions.set(request, session);
  }
  return session;
}
