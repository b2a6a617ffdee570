/**
 * How the browser calls Better Auth (docs/product.md, "How the browser calls the server"): under
 * /api/auth, with credentials, a network failure read as an empty 503, and one retry after 1 s on a
 * transient failure. The auth client (`auth-client.ts`) is built from these, and so is `authPost`,
 * the login page's one call made without the client (decision 024).
 */
import { handleDemoModeError } from '#/lib/demo-mode-events';
import { noteWrite } from '#/lib/write-events';

export const AUTH_BASE_PATH = '/api/auth';

/** A network failure becomes an empty 503 response: callers always get `{ error }`, never a throw. */
export const fetchOrNetworkError = (input: RequestInfo | URL, init?: RequestInit) =>
  fetch(input, init).catch(() => new Response(null, { status: 503, statusText: 'Network error' }));

/** Only transient failures are retried: a refused code must not be submitted (and counted) twice. */
export const AUTH_RETRY = {
  type: 'linear',
  attempts: 1,
  delay: 1000,
  shouldRetry: (response: Response | null) => !response || [502, 503, 504].includes(response.status),
} as const;

export interface AuthError {
  code?: string;
  message?: string;
  status: number;
  statusText: string;
}

/** A POST to Better Auth answered like its client's calls: `{ data }` or `{ error }` (the body's `code` and `message`). */
export async function authPost<T>(path: string, body: unknown): Promise<{ data: T; error: null } | { data: null; error: AuthError }> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetchOrNetworkError(`${AUTH_BASE_PATH}${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.ok) {
      noteWrite();
      return { data: (await response.json()) as T, error: null };
    }
    if (attempt < AUTH_RETRY.attempts && AUTH_RETRY.shouldRetry(response)) {
      await new Promise((resolve) => setTimeout(resolve, AUTH_RETRY.delay));
      continue;
    }
    const payload = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    const error: AuthError = { ...payload, status: response.status, statusText: response.statusText };
    // A write refused by demo mode opens the one "Demo Mode" dialog, as the client's calls do.
    handleDemoModeError(error);
    return { data: null, error };
  }
}
