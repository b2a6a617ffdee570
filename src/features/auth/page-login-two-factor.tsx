// The sign-in's second step (docs/decisions/094-a-second-factor-on-every-way-in.md): the authenticator app's code,
// or a recovery code. Real forms: they also work before hydration and without JavaScript.
import { useQueryClient } from '@tanstack/react-query';
import { ChevronRightIcon } from 'lucide-react';
import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';
import { authPost, type AuthError } from './auth-fetch';
import { codeSchema } from './auth.schema';
import { AuthLayout } from './auth-layout';
import { CodeInput } from './code-input';
import { PasskeySignIn } from './passkey-sign-in';
import { homeFor, opensOnServer, safeRedirect } from './redirect';
import { sessionQuery } from './session';

const root = getRouteApi('__root__');
const route = getRouteApi('/login/two-factor');

/** The step is over (expired, or too many wrong codes): only a new sign-in helps. */
const STEP_OVER = new Set(['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE']);

export function PageLoginTwoFactor() {
  const { t } = useTranslation('auth');
  const config = root.useLoaderData();
  const { redirect } = route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const errorMessage = useAuthErrorMessage();
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [pending, setPending] = useState(false);
  const flash = config.formFlash?.form === 'two-factor' ? config.formFlash : null;
  const [error, setError] = useState<{ for: 'app' | 'recovery'; message: string; over: boolean } | null>(
    flash
      ? {
          for: flash.values.method === 'recovery' ? 'recovery' : 'app',
          message: flash.error.key ? t(flash.error.key as 'validation.codeRequired') : errorMessage(flash.error),
          over: STEP_OVER.has(flash.error.code ?? ''),
        }
      : null,
  );

  const finish = async (path: '/two-factor/verify-totp' | '/two-factor/verify-backup-code', value: string, kind: 'app' | 'recovery') => {
    setPending(true);
    // "Trust this browser": the plugin's cookie and row (src/server/two-factor.ts), for the app's code only.
    const { error: refused } = await authPost<{ user: { role?: string } }>(
      path,
      kind === 'app' && trustDevice ? { code: value, trustDevice: true } : { code: value },
    );
    if (refused) {
      setPending(false);
      setError({ for: kind, message: errorMessage(refused as AuthError), over: STEP_OVER.has(refused.code ?? '') });
      if (kind === 'app') setCode('');
      return;
    }
    // A new session: nothing cached before it may show.
    queryClient.clear();
    const user = await queryClient.fetchQuery(sessionQuery);
    await router.invalidate();
    const next = safeRedirect(redirect) ?? homeFor(user?.role);
    if (opensOnServer(next)) window.location.assign(next);
    else await navigate({ href: next });
  };

  const onApp = (event?: FormEvent) => {
    event?.preventDefault();
    const checked = codeSchema.safeParse(code);
    if (!checked.success)
      return setError({ for: 'app', message: t(checked.error.issues[0]!.message as 'validation.codeRequired'), over: false });
    void finish('/two-factor/verify-totp', checked.data, 'app');
  };
  const onRecovery = (event: FormEvent) => {
    event.preventDefault();
    if (!recoveryCode.trim()) return setError({ for: 'recovery', message: t('twoFactor.recoveryRequired'), over: false });
    void finish('/two-factor/verify-backup-code', recoveryCode.trim(), 'recovery');
  };

  return (
    <AuthLayout title={t('twoFactor.title')} description={t('twoFactor.description')}>
      <form method="post" action="/login/two-factor" noValidate onSubmit={onApp} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="app" />
        <input type="hidden" name="redirect" value={redirect} />
        <Field label={t('twoFactor.code')} error={error?.for === 'app' ? error.message : undefined} className="items-center text-center">
          {(ids) => <CodeInput ids={ids} value={code} onChange={setCode} onComplete={() => onApp()} disabled={pending} posted="code" />}
        </Field>
        {/* A native box: the form posts it before hydration and without JavaScript too. */}
        <label className="flex items-center justify-center gap-2 text-sm">
          <input
            type="checkbox"
            name="trustDevice"
            value="on"
            checked={trustDevice}
            onChange={(e) => setTrustDevice(e.target.checked)}
            className="size-4 shrink-0 accent-primary"
          />
          {t('twoFactor.trustDevice')}
        </label>
        <Button type="submit" disabled={pending} worksWithoutJavaScript>
          {t('twoFactor.submit')}
        </Button>
      </form>
      {error?.over && (
        <p role="alert" className="text-center text-sm">
          {t('twoFactor.startAgain')}
        </p>
      )}
      <details className="group text-sm" open={error?.for === 'recovery'}>
        {/* The browser's own triangle gives way to the icon set's chevron, turned when open (and mirrored in Arabic). */}
        <summary className="flex cursor-pointer list-none items-center justify-center gap-1 rounded-sm font-medium text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden">
          <ChevronRightIcon
            aria-hidden
            className="size-4 transition-transform group-open:rotate-90 rtl:-scale-x-100 rtl:group-open:-rotate-90"
          />
          {t('twoFactor.useRecoveryCode')}
        </summary>
        <form method="post" action="/login/two-factor" noValidate onSubmit={onRecovery} className="mt-3 flex flex-col gap-3">
          <input type="hidden" name="intent" value="recovery" />
          <input type="hidden" name="redirect" value={redirect} />
          <p className="text-muted-foreground">{t('twoFactor.recoveryDescription')}</p>
          <Field label={t('twoFactor.recoveryCode')} error={error?.for === 'recovery' ? error.message : undefined}>
            {(ids) => (
              <Input
                {...ids}
                name="code"
                dir="ltr"
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                value={recoveryCode}
                onChange={(e) => setRecoveryCode(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" variant="secondary" disabled={pending} worksWithoutJavaScript>
            {t('twoFactor.submitRecovery')}
          </Button>
        </form>
      </details>
      <PasskeySignIn redirect={redirect} autofill={false} label={t('twoFactor.usePasskey')} />
      {/* Ends the step: the browser forgets it and goes back to the first one. */}
      <form method="post" action="/login/two-factor" className="text-center">
        <input type="hidden" name="intent" value="cancel" />
        <Button type="submit" variant="link" size="inline" worksWithoutJavaScript>
          {t('twoFactor.cancel')}
        </Button>
      </form>
    </AuthLayout>
  );
}
