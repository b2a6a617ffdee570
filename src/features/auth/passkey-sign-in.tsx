// "Sign in with a passkey" on /login, and the browser's passkey autofill on its email field
// (docs/decisions/067-passkeys.md). Neither adds a library to /login's first load: the button imports
// the passkey client when clicked; the autofill uses the browser's own WebAuthn JSON methods.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { Button } from '#/components/ui/button';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';
import { AUTH_BASE_PATH, authPost, fetchOrNetworkError, type AuthError } from './auth-fetch';

/** The autofill's answer and the button's are about one thing: a second refusal replaces the first. */
const PASSKEY_TOAST = 'passkey-sign-in';

/** On the email field: the browser lists this site's passkeys among its suggestions. */
export const PASSKEY_AUTOCOMPLETE = 'username webauthn';

/**
 * Conditional mediation: a request that waits until the person picks a passkey in the field's
 * suggestions. Only where the browser has conditional mediation and WebAuthn's JSON methods;
 * elsewhere the button is the way. Resolves with the sign-in's answer, or undefined when nothing
 * was picked (aborted, unsupported, refused by the browser).
 */
async function passkeyAutofill(signal: AbortSignal): Promise<{ error: AuthError | null } | undefined> {
  const credentials = window.PublicKeyCredential;
  if (!credentials?.parseRequestOptionsFromJSON || !credentials.isConditionalMediationAvailable) return undefined;
  if (!(await credentials.isConditionalMediationAvailable()) || signal.aborted) return undefined;
  const answer = await fetchOrNetworkError(`${AUTH_BASE_PATH}/passkey/generate-authenticate-options`, { credentials: 'include', signal });
  if (!answer.ok) return undefined;
  const publicKey = credentials.parseRequestOptionsFromJSON((await answer.json()) as PublicKeyCredentialRequestOptionsJSON);
  const credential = await navigator.credentials.get({ mediation: 'conditional', publicKey, signal }).catch(() => null);
  if (!(credential instanceof credentials)) return undefined;
  // As Better Auth's passkey client sends it.
  const { clientExtensionResults: _extensions, ...response } = credential.toJSON() as AuthenticationResponseJSON;
  return authPost('/passkey/verify-authentication', { response });
}

/**
 * `autofill`: also offer this site's passkeys in the e-mail field's suggestions (/login). At the second factor's
 * step a passkey that verified its user signs in with both factors (src/server/two-factor.ts), in place of the code.
 */
export function PasskeySignIn({
  redirect,
  autofill: withAutofill = true,
  label,
}: {
  redirect: string;
  autofill?: boolean;
  label?: string;
}) {
  const { t } = useTranslation('auth');
  const errorMessage = useAuthErrorMessage();
  const [pending, setPending] = useState(false);
  const autofill = useRef<AbortController | null>(null);

  // A full load through /login, whose guard sends a signed-in person on to the redirect target or home.
  const signedIn = () => window.location.assign(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');

  // Started once hydrated; a click on the button, or leaving the page, ends it.
  useEffect(() => {
    if (!withAutofill) return;
    const controller = new AbortController();
    autofill.current = controller;
    passkeyAutofill(controller.signal)
      .then((result) => {
        if (!result || controller.signal.aborted) return;
        if (result.error) toast.error(errorMessage(result.error), { id: PASSKEY_TOAST });
        else signedIn();
      })
      .catch(() => {});
    return () => controller.abort();
    // Once per visit of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const signIn = async () => {
    // The browser takes one WebAuthn request at a time.
    autofill.current?.abort();
    setPending(true);
    let ok = false;
    try {
      const { signInWithPasskey } = await import('./passkey-client');
      const result = await signInWithPasskey();
      ok = result.ok;
      if (ok) signedIn();
      else if (result.error) toast.error(errorMessage(result.error), { id: PASSKEY_TOAST });
    } finally {
      // Until the page has left.
      if (!ok) setPending(false);
    }
  };

  return (
    <Button variant="secondary" disabled={pending} onClick={() => void signIn()}>
      {label ?? t('login.passkey')}
    </Button>
  );
}
