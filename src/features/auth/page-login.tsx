// The most loaded page: a plain form, without the form library, zod or the auth client.
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { Button } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { authPost } from './auth-fetch';
import { checkEmail, type EmailError } from './auth.search';
import { AuthLayout } from './auth-layout';
import { PASSKEY_AUTOCOMPLETE, PasskeySignIn } from './passkey-sign-in';
import { SocialButtons } from './social-buttons';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';
import { isolatedSentence } from '#/components/isolated-sentence';

const root = getRouteApi('__root__');
const route = getRouteApi('/login/');

export function PageLogin() {
  const { t } = useTranslation('auth');
  const config = root.useLoaderData();
  const { redirect } = route.useSearch();
  const navigate = useNavigate();
  const errorMessage = useAuthErrorMessage();
  const input = useRef<HTMLInputElement>(null);
  // A refusal of the same form posted without JavaScript: its message and what was typed.
  const flash = config.formFlash?.form === 'login' ? config.formFlash : null;
  const [emailError, setEmailError] = useState<EmailError | undefined>(flash?.error.key as EmailError | undefined);
  const flashError = flash && !flash.error.key ? errorMessage(flash.error) : undefined;
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const signUp = config.signupEnabled;
  const invited = route.useLoaderData();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = checkEmail(input.current?.value);
    setEmailError(checked.error);
    if (checked.error) {
      input.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const { error } = await authPost('/email-otp/send-verification-otp', { email: checked.email, type: 'sign-in' });
      if (error) {
        toast.error(errorMessage(error));
        return;
      }
      await navigate({ to: '/login/verify', search: { email: checked.email, redirect } });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout
      title={signUp ? t('login.titleSignUp') : t('login.title')}
      description={signUp ? t('login.descriptionSignUp') : t('login.description')}
      notice={
        invited && (
          <p data-testid="invitation-notice" className="w-full max-w-sm rounded-lg border bg-card px-4 py-3 text-center text-sm shadow-xs">
            {isolatedSentence((word) => t('login.invitedBy', { inviter: word(invited.inviter), organization: word(invited.organization) }))}
          </p>
        )
      }
    >
      {/* A real form: it also works before hydration and without JavaScript. */}
      <form method="post" action="/login" noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <input type="hidden" name="redirect" value={redirect} />
        <Field label={t('login.email')} error={emailError ? t(emailError) : flashError}>
          {(ids) => (
            <Input
              type="email"
              // The browser's passkey autofill (passkey-sign-in.tsx) lists this site's passkeys here.
              autoComplete={PASSKEY_AUTOCOMPLETE}
              inputMode="email"
              placeholder={t('login.emailPlaceholder')}
              autoFocus
              name="email"
              defaultValue={flash?.values.email}
              ref={input}
              // After a first submit, the message follows the typing (as the other forms do).
              onChange={submitted ? (event) => setEmailError(checkEmail(event.target.value).error) : undefined}
              {...ids}
            />
          )}
        </Field>
        <Button type="submit" disabled={submitting} worksWithoutJavaScript>
          {t('login.submit')}
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">{t('login.or')}</p>
      <div className="flex flex-col gap-2">
        <PasskeySignIn redirect={redirect} />
        <SocialButtons providers={config.providers} redirect={redirect} />
      </div>
      {config.demoMode && (
        <p className="rounded-md border p-3 text-sm">
          {t('login.demoHint')}{' '}
          <a className="underline" href="/devtools/mailbox">
            {t('login.openMailbox')}
          </a>
        </p>
      )}
    </AuthLayout>
  );
}
