// Shared by the auth client and `authPost`, the login page's one call made without the client (it stays out of the first load).
import { handleDemoModeError } from '#/lib/demo-mode-events';
import { browserI18n } from '#/lib/i18n/browser';
import { noteWrite } from '#/lib/write-events';

export const AUTH_BASE_PATH = '/api/auth';

/** How long a refusal waits for its translations before it shows in the error's own (English) words. */
const TRANSLATIONS_WAIT_MS = 3000;

/**
 * Callers always get `{ error }`, never a throw. A refusal is answered once the `authErrors` namespace
 * (kept out of the entry, src/lib/i18n/use-auth-error.ts) has loaded, so that a refusal which comes
 * back before it is shown in the page's language, not in the server's English.
 */
export async function fetchOrNetworkError(input: RequestInfo | URL, init?: RequestInit) {
  const response = await fetch(input, init).catch(() => new Response(null, { status: 503, statusText: 'Network error' }));
  if (!response.ok && typeof document !== 'undefined') {
    const translations = browserI18n()
      .loadNamespaces('authErrors')
      .catch(() => undefined);
    await Promise.race([translations, new Promise((resolve) => setTimeout(resolve, TRANSLATIONS_WAIT_MS))]);
  }
  return response;
}

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
