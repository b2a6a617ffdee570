import { adminClient, emailOTPClient, inferAdditionalFields, organizationClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { handleDemoModeError } from '#/lib/demo-mode-events';
import { isAuthWrite, noteWrite } from '#/lib/write-events';
import { ac, roles } from '#/lib/permissions';
import type { Auth } from '#/server/auth.ts';
import { AUTH_BASE_PATH, AUTH_RETRY, fetchOrNetworkError } from './auth-fetch';

export const authClient = createAuthClient({
  basePath: AUTH_BASE_PATH,
  fetchOptions: {
    credentials: 'include',
    // Whoever made the call, a demo-mode refusal opens the one "Demo Mode" dialog.
    onError: ({ error }) => void handleDemoModeError(error),
    // Every answer the page holds may be out of date after a write.
    onSuccess: ({ request }) => {
      if (isAuthWrite(request.method, String(request.url))) noteWrite();
    },
    customFetchImpl: fetchOrNetworkError,
    retry: AUTH_RETRY,
  },
  plugins: [inferAdditionalFields<Auth>(), emailOTPClient(), adminClient({ ac, roles }), organizationClient({ teams: { enabled: true } })],
});

export type AuthCallError = Error & { code?: string; status?: number };

export async function authCall<T>(
  call: Promise<{ data: T; error: null } | { data: null; error: { code?: string; message?: string; status: number } }>,
) {
  const { data, error } = await call;
  if (error) throw Object.assign(new Error(error.message ?? error.code ?? 'UNKNOWN_ERROR'), { code: error.code, status: error.status });
  return data as T;
}
