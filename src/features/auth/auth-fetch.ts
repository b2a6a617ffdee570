// Shared by the auth client and `authPost`, the login page's one call made without the client (it stays out of the first load).
import { handleDemoModeError } from '#/lib/demo-mode-events';
import { noteWrite } from '#/lib/write-events';

export const AUTH_BASE_PATH = '/api/auth';

/** Callers always get `{ error }`, never a throw. */
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
    // As the client's calls do.
    handleDemoModeError(error);
    return { data: null, error };
  }
}
