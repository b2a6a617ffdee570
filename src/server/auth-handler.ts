/**
 * /api/auth/*: Better Auth's handler, for the endpoints the product uses (auth-endpoints.ts).
 * Its error responses already carry `code` and `message`; the rate limiter's 429 is given the
 * same shape here.
 */
import { apiTranslator } from './api-errors.ts';
import { randomBytes } from 'node:crypto';
import { getAuth } from './auth.ts';
import { authEndpointEnabled } from './auth-endpoints.ts';
import { inAmbientTransaction } from './db/ambient-transaction.ts';
import { database } from './db/index.ts';
import { MAILBOX_COOKIE, mailboxOwner, perBrowserMailbox } from './email/dev-mailbox.ts';
import { env } from './env.ts';
import { quickSessionAnswer } from './request-session.ts';
import { withoutSessionTokens } from './session-tokens.ts';

const AUTH_PREFIX = '/api/auth';
/** A redirect never echoes more than this: a client-sent value must not grow our headers. */
const MAX_LOCATION = 2048;

/**
 * A public demo's first code request from a browser: it gets its own mailbox id (decision 032),
 * in the request Better Auth sees and in a cookie for the next ones.
 */
function newMailbox(request: Request, path: string) {
  const e = env();
  if (path !== '/email-otp/send-verification-otp' || !perBrowserMailbox(e) || mailboxOwner(request)) return undefined;
  const id = randomBytes(18).toString('base64url');
  const headers = new Headers(request.headers);
  const cookies = headers.get('cookie');
  headers.set('cookie', cookies ? `${cookies}; ${MAILBOX_COOKIE}=${id}` : `${MAILBOX_COOKIE}=${id}`);
  const secure = e.baseUrl.startsWith('https:') ? '; Secure' : '';
  return {
    request: new Request(request, { headers }),
    cookie: `${MAILBOX_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400${secure}`,
  };
}

/** Every POST, and the social sign-in's callback (a GET that signs in). */
const writes = (request: Request, path: string) => request.method !== 'GET' || path.startsWith('/callback/');

export async function handleAuthRequest(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.slice(AUTH_PREFIX.length);
  if (!authEndpointEnabled(path)) {
    const t = await apiTranslator(request);
    return Response.json({ code: 'NOT_FOUND', message: t('api:NOT_FOUND') }, { status: 404 });
  }
  // The browser's session read, the most frequent call here: answered like Better Auth's endpoint
  // from the one session query the product API uses, when that is all it would do (decision 049).
  if (path === '/get-session' && request.method === 'GET' && !new URL(request.url).search) {
    const session = await quickSessionAnswer(request);
    if (session !== undefined) {
      return Response.json(withoutSessionTokens(session), { headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } });
    }
  }
  const mailbox = newMailbox(request, path);
  const auth = await getAuth();
  const call = () => auth.handler(mailbox?.request ?? request);
  // A call that may write runs in one transaction with its audit event (decision 036): a failure
  // (5xx) keeps neither; a refusal (4xx) keeps what it wrote, such as a wrong code's attempt.
  let response = writes(request, path) ? await inAmbientTransaction(await database(), call, (r) => r.status < 500) : await call();
  if (mailbox) {
    response = new Response(response.body, response);
    response.headers.append('Set-Cookie', mailbox.cookie);
  }
  if (response.status === 429) {
    const retryAfter = response.headers.get('X-Retry-After') ?? response.headers.get('Retry-After');
    return Response.json(
      { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' },
      { status: 429, headers: retryAfter ? { 'Retry-After': retryAfter } : {} },
    );
  }
  const location = response.headers.get('Location');
  if (location && location.length > MAX_LOCATION) {
    return new Response(null, { status: 302, headers: { Location: '/login/error?error=unknown_error' } });
  }
  return response;
}
