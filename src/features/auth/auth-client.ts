/**
 * The browser's Better Auth client: calls go to /api/auth with credentials and retry once after 1 s
 * on a transient failure (spec section 9).
 */
import { adminClient, emailOTPClient, inferAdditionalFields, organizationClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { handleDemoModeError } from '#/lib/demo-mode-events';
import { ac, roles } from '#/lib/permissions';
import type { Auth } from '#/server/auth.ts';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  fetchOptions: {
    credentials: 'include',
    // A network failure becomes an empty 503 response: callers always get `{ error }`, never a throw,
    // and the retry below treats it as the transient failure it is.
    // A write refused by demo mode opens the one "Demo Mode" dialog, whoever made the call.
    onError: ({ error }) => void handleDemoModeError(error),
    customFetchImpl: (input, init) => fetch(input, init).catch(() => new Response(null, { status: 503, statusText: 'Network error' })),
    // Only transient failures are retried: a refused code must not be submitted (and counted) twice.
    retry: { type: 'linear', attempts: 1, delay: 1000, shouldRetry: (response) => !response || [502, 503, 504].includes(response.status) },
  },
  plugins: [inferAdditionalFields<Auth>(), emailOTPClient(), adminClient({ ac, roles }), organizationClient({ teams: { enabled: true } })],
});

export type AuthCallError = Error & { code?: string; status?: number };

/** A Better Auth client call's data, or a thrown Error carrying the call's `code` and `status`. */
export async function authCall<T>(
  call: Promise<{ data: T; error: null } | { data: null; error: { code?: string; message?: string; status: number } }>,
) {
  const { data, error } = await call;
  if (error) throw Object.assign(new Error(error.message ?? error.code ?? 'UNKNOWN_ERROR'), { code: error.code, status: error.status });
  return data as T;
}
