/**
 * /api/auth/*: Better Auth's handler. Its error responses already carry `code` and `message`;
 * the rate limiter's 429 is given the same shape here.
 */
import { getAuth } from './auth.ts';

export async function handleAuthRequest(request: Request): Promise<Response> {
  const auth = await getAuth();
  const response = await auth.handler(request);
  if (response.status === 429) {
    const retryAfter = response.headers.get('X-Retry-After') ?? response.headers.get('Retry-After');
    return Response.json(
      { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' },
      { status: 429, headers: retryAfter ? { 'Retry-After': retryAfter } : {} },
    );
  }
  return response;
}
