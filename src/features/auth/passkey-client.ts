// Better Auth's passkey client, in a module of its own: /login and the account page import it on a
// click, so no first load carries it (15 KB gzip; docs/decisions/067-passkeys.md).
import { passkeyClient } from '@better-auth/passkey/client';
import { createAuthClient } from 'better-auth/react';
import { handleDemoModeError } from '#/lib/demo-mode-events';
import { isAuthWrite, noteWrite } from '#/lib/write-events';
import { AUTH_BASE_PATH, AUTH_RETRY, fetchOrNetworkError } from './auth-fetch';

// The same fetch options as the auth client's (auth-client.ts).
const client = createAuthClient({
  basePath: AUTH_BASE_PATH,
  fetchOptions: {
    credentials: 'include',
    onError: ({ error }) => void handleDemoModeError(error),
    onSuccess: ({ request }) => {
      if (isAuthWrite(request.method, String(request.url))) noteWrite();
    },
    customFetchImpl: fetchOrNetworkError,
    retry: AUTH_RETRY,
  },
  plugins: [passkeyClient()],
});

interface PasskeyError {
  code?: string | undefined;
  message?: string | undefined;
  status?: number;
}

/** The person closed the browser's prompt, or it timed out: nothing to tell them. */
const CANCELLED = new Set(['AUTH_CANCELLED', 'ERROR_CEREMONY_ABORTED', 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY']);

/**
 * `null` when it worked or was cancelled. The browser's own failures (`ERROR_…`, an untranslated
 * English message) become one translated code; the server's keep theirs.
 */
function outcome(error: PasskeyError | null | undefined): { ok: boolean; error: PasskeyError | null } {
  if (!error) return { ok: true, error: null };
  if (error.code && CANCELLED.has(error.code)) return { ok: false, error: null };
  const fromBrowser =
    error.code === 'UNKNOWN_ERROR' || (error.code?.startsWith('ERROR_') && error.code !== 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED');
  return { ok: false, error: fromBrowser ? { code: 'PASSKEY_UNAVAILABLE' } : error };
}

const unsupported = () => typeof window === 'undefined' || !window.PublicKeyCredential;

/** The browser's prompt for any passkey of this site (discoverable: no address asked first). */
export async function signInWithPasskey() {
  if (unsupported()) return { ok: false, error: { code: 'PASSKEY_UNAVAILABLE' } };
  const { error } = await client.signIn.passkey();
  return outcome(error);
}

/** Named on the server after the browser and system that made it ("Chrome on Linux"). */
export async function addPasskey() {
  if (unsupported()) return { ok: false, error: { code: 'PASSKEY_UNAVAILABLE' } };
  const { error } = await client.passkey.addPasskey();
  return outcome(error);
}

export const renamePasskey = (id: string, name: string) => client.passkey.updatePasskey({ id, name });

export const deletePasskey = (id: string) => client.passkey.deletePasskey({ id });
