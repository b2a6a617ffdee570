import { apiTranslator } from './api-errors.ts';
import { randomBytes } from 'node:crypto';
import { getAuth } from './auth.ts';
import { authEndpointEnabled, authRouteTemplate } from './auth-endpoints.ts';
import { withAuthLines } from './auth-log.ts';
import { inAmbientTransaction } from './db/ambient-transaction.ts';
import { currentReplicas, database } from './db/index.ts';
import { MAILBOX_COOKIE, mailboxOwner, perBrowserMailbox } from './email/dev-mailbox.ts';
import { env } from './env.ts';
import { quickSessionAnswer, requestSession } from './request-session.ts';
import { rememberWrite } from './db/read-your-writes.ts';
import { setRouteTemplate } from './request-context.ts';
import { sessionCookie } from './session-cookie.ts';
import { withoutSessionTokens } from './session-tokens.ts';

const AUTH_PREFIX = '/api/auth';
/** A client-sent value must not grow our headers. */
const MAX_LOCATION = 2048;

/** A public demo keeps one mailbox per browser: set on its first code request. */
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

/** The social sign-in's callback is a GET that signs in. */
const writes = (request: Request, path: string) => request.method !== 'GET' || path.startsWith('/callback/');

/**
 * The passkey plugin answers 500 FAILED_TO_VERIFY_REGISTRATION to any answer it cannot verify, a malformed one
 * (`{}`, `"<script>"`, `{"response":{}}`) included: that is the client's doing, so 400 with the same code,
 * translated, and its log line at warn (src/server/auth-log.ts) — issue #53 round 3, N3.
 */
async function passkeyRefusal(request: Request, response: Response): Promise<Response> {
  const code = 'FAILED_TO_VERIFY_REGISTRATION';
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  if (body?.code !== code) return response;
  const t = await apiTranslator(request);
  return Response.json({ code, message: t(`authErrors:${code}`) }, { status: 400 });
}

const EMPTY_REFUSAL_CODES: Readonly<Record<number, string>> = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' };

async function emptyRefusal(request: Request, response: Response): Promise<Response> {
  const code = EMPTY_REFUSAL_CODES[response.status] ?? (response.status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
  const t = await apiTranslator(request);
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  return Response.json({ code, message: t(`api:${code}`) }, { status: response.status, headers });
}

export function handleAuthRequest(request: Request): Promise<Response> {
  return withAuthLines(() => answerAuthRequest(request));
}

async function answerAuthRequest(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.slice(AUTH_PREFIX.length);
  if (!authEndpointEnabled(path)) {
    const t = await apiTranslator(request);
    return Response.json({ code: 'NOT_FOUND', message: t('api:NOT_FOUND') }, { status: 404 });
  }
  // The most frequent call: answered from the product API's session query when that is all it would do.
  if (path === '/get-session' && request.method === 'GET' && !new URL(request.url).search) {
    setRouteTemplate(`${AUTH_PREFIX}/get-session`);
    const session = await quickSessionAnswer(request);
    if (session !== undefined) {
      return Response.json(withoutSessionTokens(session), { headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } });
    }
  }
  // A manager's new user or ban, a new organisation: seen on that person's next lists, not a replica's older copy.
  if (currentReplicas() && writes(request, path) && sessionCookie(request)) {
    const session = await requestSession(request);
    if (session) await rememberWrite(session.user.id);
  }
  const mailbox = newMailbox(request, path);
  const auth = await getAuth();
  const template = authRouteTemplate(auth.api, path);
  if (template) setRouteTemplate(`${AUTH_PREFIX}${template}`);
  const call = () => auth.handler(mailbox?.request ?? request);
  // A failure (5xx) keeps neither change nor audit event; a refusal (4xx) keeps a wrong code's attempt.
  let response = writes(request, path) ? await inAmbientTransaction(await database(), call, (r) => r.status < 500) : await call();
  if (mailbox) {
    response = new Response(response.body, response);
    response.headers.append('Set-Cookie', mailbox.cookie);
  }
  if (path === '/passkey/verify-registration' && response.status === 500) response = await passkeyRefusal(request, response);
  if (response.status === 429) {
    const retryAfter = response.headers.get('X-Retry-After') ?? response.headers.get('Retry-After');
    return Response.json(
      { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' },
      { status: 429, headers: retryAfter ? { 'Retry-After': retryAfter } : {} },
    );
  }
  // Better Auth answers some refusals with no body (an organisation's endpoint without a session): every error is
  // JSON with a code.
  if (response.status >= 400 && !(await response.clone().text())) return emptyRefusal(request, response);
  const location = response.headers.get('Location');
  if (location && location.length > MAX_LOCATION) {
    return new Response(null, { status: 302, headers: { Location: '/login/error?error=unknown_error' } });
  }
  return response;
}
