/** /login: the e-mail form (login, or login-or-sign-up when sign-up is on) and the social buttons. */
import { zodResolver } from '@hookform/resolvers/zod';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { Button } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { authClient } from './auth-client';
import { loginFormSchema, type LoginForm } from './auth.schema';
import { AuthLayout } from './auth-layout';
import { SocialButtons } from './social-buttons';
import { useAuthErrorMessage } from './use-auth-error';

const root = getRouteApi('__root__');
const route = getRouteApi('/login/');

export function PageLogin() {
  const { t } = useTranslation('auth');
  const config = root.useLoaderData();
  const { redirect } = route.useSearch();
  const navigate = useNavigate();
  const errorMessage = useAuthErrorMessage();
  const form = useForm<LoginForm>({ resolver: zodResolver(loginFormSchema), defaultValues: { email: '' } });
  const signUp = config.signupEnabled;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const { error } = await authClient.emailOtp.sendVerificationOtp({ email, type: 'sign-in' });
    if (error) {
      toast.error(errorMessage(error));
      return;
    }
    await navigate({ to: '/login/verify', search: { email, redirect } });
  });

  const emailError = form.formState.errors.email?.message;
  return (
    <AuthLayout
      title={signUp ? t('login.titleSignUp') : t('login.title')}
      description={signUp ? t('login.descriptionSignUp') : t('login.description')}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field label={t('login.email')} error={emailError ? t(emailError as 'validation.emailRequired') : undefined}>
          {(ids) => (
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('login.emailPlaceholder')}
              autoFocus
              {...ids}
              {...form.register('email')}
            />
          )}
        </Field>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('login.submit')}
        </Button>
      </form>
      {config.providers.length > 0 && (
        <>
          <p className="text-center text-sm text-neutral-600 dark:text-neutral-400">{t('login.or')}</p>
          <SocialButtons providers={config.providers} redirect={redirect} />
        </>
      )}
      {config.demoMode && (
        <p className="rounded-md border border-neutral-200 p-3 text-sm dark:border-neutral-800">
          {t('login.demoHint')}{' '}
          <a className="underline" href="/devtools/mailbox">
            {t('login.openMailbox')}
          </a>
        </p>
      )}
    </AuthLayout>
  );
}
