/**
 * /api/auth/*: Better Auth's handler, for the endpoints the product uses (auth-endpoints.ts).
 * Its error responses already carry `code` and `message`; the rate limiter's 429 is given the
 * same shape here.
 */
import { apiTranslator } from './api-errors.ts';
import { getAuth } from './auth.ts';
import { authEndpointEnabled } from './auth-endpoints.ts';

const AUTH_PREFIX = '/api/auth';
/** A redirect never echoes more than this: a client-sent value must not grow our headers. */
const MAX_LOCATION = 2048;

export async function handleAuthRequest(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.slice(AUTH_PREFIX.length);
  if (!authEndpointEnabled(path)) {
    const t = await apiTranslator(request);
    return Response.json({ code: 'NOT_FOUND', message: t('api:NOT_FOUND') }, { status: 404 });
  }
  const auth = await getAuth();
  const response = await auth.handler(request);
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
