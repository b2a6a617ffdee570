/**
 * Better Auth's session cookie: `better-auth.session_token`, `__Secure-` prefixed over HTTPS (the
 * names its own getSessionCookie() looks for). Without it there is no session, and anonymous pages
 * answer without loading or running the auth library. Imports nothing: the HTTP pipeline uses it.
 */
const SESSION_COOKIE = /(?:^|;\s*)((?:__Secure-)?better-auth[.-]session_token=[^;]*)/;

/** The request's session cookie as `name=value`, or undefined. */
export const sessionCookie = (request: Request) => SESSION_COOKIE.exec(request.headers.get('cookie') ?? '')?.[1];
