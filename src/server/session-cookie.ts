/**
 * Better Auth's session cookie: `better-auth.session_token`, `__Secure-` prefixed over HTTPS (the
 * names its own getSessionCookie() looks for). Without it there is no session, and anonymous pages
 * answer without loading or running the auth library. Imports nothing: the HTTP pipeline uses it.
 */
const SESSION_COOKIE = /(?:^|;\s*)((?:__Secure-)?better-auth[.-]session_token=[^;]*)/;

/** The request's session cookie as `name=value`, or undefined. */
export const sessionCookie = (request: Request) => SESSION_COOKIE.exec(request.headers.get('cookie') ?? '')?.[1];

/**
 * The cookies Better Auth sent when it extended a request's session (once per `updateAge`, see
 * request-session.ts): the answer must carry them, or the browser's cookie keeps its first expiry
 * while the session's was pushed back, and a person using the app every day is signed out when
 * it runs out.
 */
const extended = new WeakMap<Request, string[]>();

export function rememberExtendedSession(request: Request, setCookies: string[]) {
  if (setCookies.length) extended.set(request, setCookies);
}

/** The answer with the cookies of its request's extended session, unless it already sets them (a server render does). */
export function withExtendedSession(request: Request, response: Response): Response {
  const cookies = extended.get(request);
  if (!cookies || response.headers.getSetCookie().some((c) => SESSION_COOKIE.test(c))) return response;
  let answer = response;
  try {
    for (const c of cookies) answer.headers.append('Set-Cookie', c);
  } catch {
    // Redirects and fetched responses have immutable headers.
    answer = new Response(response.body, response);
    for (const c of cookies) answer.headers.append('Set-Cookie', c);
  }
  return answer;
}
