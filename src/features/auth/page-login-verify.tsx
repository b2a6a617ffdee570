import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { Button } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { authClient } from './auth-client';
import { CodeInput } from './code-input';
import { verifyFormSchema, type VerifyForm } from './auth.schema';
import { AuthLayout } from './auth-layout';
import { homeFor, opensOnServer, safeRedirect } from './redirect';
import { sessionQuery } from './session';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';
import { isolated } from '#/lib/text';

const root = getRouteApi('__root__');
const route = getRouteApi('/login/verify');
const RESEND_COOLDOWN_SECONDS = 30;

export function PageLoginVerify() {
  const { t } = useTranslation('auth');
  const config = root.useLoaderData();
  const { email, redirect } = route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const errorMessage = useAuthErrorMessage();
  const [cooldown, setCooldown] = useState(RESEND_COOLDOWN_SECONDS);
  const form = useForm<VerifyForm>({ resolver: zodResolver(verifyFormSchema), defaultValues: { code: '' } });
  // A refusal of the same form posted without JavaScript.
  const flash = config.formFlash?.form === 'verify' ? config.formFlash : null;
  const flashError = flash ? (flash.error.key ?? errorMessage(flash.error)) : undefined;

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    const { data, error } = await authClient.signIn.emailOtp({ email, otp: code });
    if (error || !data) {
      form.setError('code', { message: errorMessage(error) });
      form.setValue('code', '');
      return;
    }
    // An authenticator app is set up: no session yet, its code is the next step.
    if ((data as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
      await navigate({ to: '/login/two-factor', search: { redirect } });
      return;
    }
    // A new session: nothing cached before it may show (another user may have signed out here).
    queryClient.clear();
    // Its role includes ADMIN_USER_IDS, the stored one does not.
    const user = await queryClient.fetchQuery(sessionQuery);
    await router.invalidate();
    const next = safeRedirect(redirect) ?? homeFor(user?.role);
    if (opensOnServer(next)) window.location.assign(next);
    else await navigate({ href: next });
  });

  const resend = async () => {
    setCooldown(RESEND_COOLDOWN_SECONDS);
    const { error } = await authClient.emailOtp.sendVerificationOtp({ email, type: 'sign-in' });
    if (error) toast.error(errorMessage(error));
    else toast.success(t('verify.resent'));
  };

  // A refused code empties the field, which was disabled while it was checked: the focus (and the
  // caret) goes back to it for the next try.
  const { isSubmitting, errors } = form.formState;
  useEffect(() => {
    if (!isSubmitting && errors.code) form.setFocus('code');
  }, [isSubmitting, errors.code, form]);

  const codeError = form.formState.errors.code?.message ?? flashError;
  // Server messages arrive translated already.
  const codeErrorText = codeError?.startsWith('validation.') ? t(codeError as 'validation.codeRequired') : codeError;
  // Isolated (FSI … PDI): the address reads left to right inside an Arabic sentence.
  const description = t('verify.description', { email: isolated(email), count: config.otpExpirationMinutes });
  return (
    <AuthLayout title={t('verify.title')} description={description}>
      {/* A real form: it also works before hydration and without JavaScript. */}
      <form method="post" action="/login/verify" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="redirect" value={redirect} />
        <Field label={t('verify.code')} error={codeErrorText} className="items-center text-center">
          {(ids) => (
            <Controller
              control={form.control}
              name="code"
              render={({ field }) => (
                <CodeInput
                  ids={ids}
                  inputRef={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  onComplete={() => void onSubmit()}
                  disabled={form.formState.isSubmitting}
                  posted="code"
                />
              )}
            />
          )}
        </Field>
        <Button type="submit" disabled={form.formState.isSubmitting} worksWithoutJavaScript>
          {t('verify.submit')}
        </Button>
      </form>
      <div className="flex flex-col items-center gap-2 text-sm">
        <Button variant="link" size="inline" disabled={cooldown > 0} onClick={() => void resend()}>
          {cooldown > 0 ? t('verify.resendIn', { seconds: cooldown }) : t('verify.resend')}
        </Button>
        <Link to="/login" search={{ redirect }} className="underline">
          {t('verify.changeEmail')}
        </Link>
      </div>
      {config.emailDelivery !== 'smtp' && (
        <p className="rounded-md border p-3 text-sm">
          {config.emailDelivery === 'mailbox' ? (
            <>
              {t('verify.devMailbox')}{' '}
              <a className="underline" href="/devtools/mailbox">
                {t('login.openMailbox')}
              </a>
            </>
          ) : (
            t('verify.serverLog')
          )}
        </p>
      )}
    </AuthLayout>
  );
}
