// Imports nothing: the HTTP pipeline uses it, and anonymous pages answer without loading the auth library.
const SESSION_COOKIE = /(?:^|;\s*)((?:__Secure-)?better-auth[.-]session_token=[^;]*)/;

export const sessionCookie = (request: Request) => SESSION_COOKIE.exec(request.headers.get('cookie') ?? '')?.[1];

/** The two-factor plugin's cookie: a first factor passed, the second not yet (src/server/two-factor.ts). */
const SECOND_FACTOR_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=[^;\s]/;

/** Whether this browser is at the second factor's step: not signed in yet, told so rather than "sign in". */
export const secondFactorPending = (request: Request) => SECOND_FACTOR_COOKIE.test(request.headers.get('cookie') ?? '');

/** Without them the browser's cookie keeps its first expiry and a daily user is signed out when it runs out. */
const extended = new WeakMap<Request, string[]>();

export function rememberExtendedSession(request: Request, setCookies: string[]) {
  if (setCookies.length) extended.set(request, setCookies);
}

/** Unless the answer already sets them (a server render does). */
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
