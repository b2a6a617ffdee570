// "Confirm it's you" (docs/decisions/102-a-recent-sign-in-for-sensitive-actions.md): opened when a sensitive
// action is refused for a sign-in older than ten minutes (src/lib/reauthentication-events.ts). The person signs
// in again in place, with the authenticator app's code when a second factor is on (an e-mail code alone would not
// pass it), else with a code sent to their address; or with a passkey. The action then runs again.
import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { authPost, type AuthError } from './auth-fetch';
import { CodeInput } from './code-input';
import { codeSchema } from './auth.schema';
import { sessionQuery } from './session';
import { useCurrentUser } from './use-current-user';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';
import { RECENT_SIGN_IN_SECONDS, reauthenticationStore, settleReauthentication } from '#/lib/reauthentication-events';
import { isolatedSentence } from '#/components/isolated-sentence';

export function ReauthenticateDialog() {
  const { t } = useTranslation(['auth', 'common']);
  const errorMessage = useAuthErrorMessage();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const open = useSyncExternalStore(reauthenticationStore.subscribe, reauthenticationStore.isOpen, () => false);
  const withApp = user?.twoFactorEnabled === true;
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const end = (confirmed: boolean) => {
    setSent(false);
    setCode('');
    setError(undefined);
    setPending(false);
    settleReauthentication(confirmed);
  };
  /** Signed in again: as the same person, or the page starts again (a passkey may be someone else's). */
  const signedIn = async () => {
    const again = await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
    if (again?.id !== user?.id) {
      window.location.assign('/');
      return;
    }
    end(true);
  };
  const failed = (refused: AuthError | { code?: string } | null | undefined) => {
    setPending(false);
    setCode('');
    if (refused) setError(errorMessage(refused as AuthError));
  };

  const send = async () => {
    if (!user) return;
    setPending(true);
    const { error: refused } = await authPost('/email-otp/send-verification-otp', { email: user.email, type: 'sign-in' });
    if (refused) return failed(refused);
    setPending(false);
    setSent(true);
  };
  const confirm = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!user) return;
    const checked = codeSchema.safeParse(code);
    if (!checked.success) return setError(t(checked.error.issues[0]!.message as 'validation.codeRequired'));
    setPending(true);
    const { error: refused } = withApp
      ? await authPost('/two-factor/verify-totp', { code: checked.data })
      : await authPost('/sign-in/email-otp', { email: user.email, otp: checked.data });
    if (refused) return failed(refused);
    await signedIn();
  };
  const passkey = async () => {
    setPending(true);
    const { signInWithPasskey } = await import('./passkey-client');
    const result = await signInWithPasskey();
    if (!result.ok) return failed(result.error);
    await signedIn();
  };

  const asking = withApp || sent;
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(o) => !o && end(false)}
      title={t('reauthenticate.title')}
      description={t('reauthenticate.description', { minutes: RECENT_SIGN_IN_SECONDS / 60 })}
    >
      <div className="flex flex-col gap-4">
        {asking ? (
          <form noValidate onSubmit={(e) => void confirm(e)} className="flex flex-col gap-4">
            <Field
              label={
                withApp
                  ? t('reauthenticate.appCode')
                  : isolatedSentence((word) => t('reauthenticate.emailCode', { email: word(user?.email ?? '') }))
              }
              error={error}
            >
              {(ids) => <CodeInput ids={ids} value={code} onChange={setCode} onComplete={() => void confirm()} disabled={pending} />}
            </Field>
            <Button type="submit" disabled={pending}>
              {t('reauthenticate.confirm')}
            </Button>
          </form>
        ) : (
          <div className="flex flex-col gap-2">
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <Button disabled={pending} onClick={() => void send()}>
              {isolatedSentence((word) => t('reauthenticate.sendCode', { email: word(user?.email ?? '') }))}
            </Button>
          </div>
        )}
        <Button variant="secondary" disabled={pending} onClick={() => void passkey()}>
          {t('reauthenticate.passkey')}
        </Button>
        <Button variant="ghost" onClick={() => end(false)}>
          {t('actions.cancel', { ns: 'common' })}
        </Button>
      </div>
    </ResponsiveDialog>
  );
}
