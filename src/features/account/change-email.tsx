// Better Auth's change of email: a code to the new address, then the change. The URL carries the
// new address (`newEmail`), so a reload keeps the code step. The server's side: src/server/email-change.ts.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { InputOtp } from '#/components/ui/input-otp';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { toast } from '#/components/ui/toast';
import { authClient } from '#/features/auth/auth-client';
import {
  emailSchema,
  newEmailFormSchema,
  OTP_LENGTH,
  verifyFormSchema,
  type NewEmailForm,
  type VerifyForm,
} from '#/features/auth/auth.schema';
import { refreshSession } from '#/features/auth/session';
import { handledGlobally } from '#/lib/demo-mode-events';
import { withRecentSignInResult } from '#/lib/reauthentication-events';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';
import { isolated } from '#/lib/text';
import type { AccountSearch } from './account.schema';

const RESEND_COOLDOWN_SECONDS = 30;

/** A form's message: a schema's `auth` key, or the server's, translated already. */
function useFieldError() {
  const { t } = useTranslation('auth');
  return (message: string | undefined) => (message?.startsWith('validation.') ? t(message as 'validation.emailRequired') : message);
}

function AddressStep({ draft, onSent, onCancel }: { draft: string; onSent: (newEmail: string) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  const errorMessage = useAuthErrorMessage();
  const fieldError = useFieldError();
  const form = useForm<NewEmailForm>({ resolver: zodResolver(newEmailFormSchema), defaultValues: { newEmail: draft } });
  const onSubmit = form.handleSubmit(async ({ newEmail }) => {
    const { error } = await withRecentSignInResult(() => authClient.emailOtp.requestEmailChange({ newEmail }));
    if (error) {
      // A demo-mode refusal has opened its dialog already; what was typed stays.
      if (!handledGlobally(error)) form.setError('newEmail', { message: errorMessage(error) });
      return;
    }
    await onSent(newEmail);
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field label={t('changeEmail.newEmail')} error={fieldError(form.formState.errors.newEmail?.message)}>
        {(ids) => <Input type="email" autoComplete="email" inputMode="email" autoFocus {...ids} {...form.register('newEmail')} />}
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('actions.cancel', { ns: 'common' })}
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('changeEmail.submit')}
        </Button>
      </div>
    </form>
  );
}

function CodeStep({
  newEmail,
  onChanged,
  onUseAnother,
  onCancel,
}: {
  newEmail: string;
  onChanged: () => Promise<void>;
  onUseAnother: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['account', 'common']);
  const errorMessage = useAuthErrorMessage();
  const fieldError = useFieldError();
  const [cooldown, setCooldown] = useState(RESEND_COOLDOWN_SECONDS);
  const form = useForm<VerifyForm>({ resolver: zodResolver(verifyFormSchema), defaultValues: { code: '' } });

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    const { error } = await authClient.emailOtp.changeEmail({ newEmail, otp: code });
    if (error) {
      if (!handledGlobally(error)) form.setError('code', { message: errorMessage(error) });
      form.setValue('code', '');
      return;
    }
    await onChanged();
  });

  const resend = async () => {
    setCooldown(RESEND_COOLDOWN_SECONDS);
    const { error } = await withRecentSignInResult(() => authClient.emailOtp.requestEmailChange({ newEmail }));
    if (error) {
      if (!handledGlobally(error)) toast.error(errorMessage(error));
    } else toast.success(t('changeEmail.resent'));
  };

  // As on the sign-in code's page: a refused code empties the field, and the focus goes back to it.
  const { isSubmitting, errors } = form.formState;
  useEffect(() => {
    if (!isSubmitting && errors.code) form.setFocus('code');
  }, [isSubmitting, errors.code, form]);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field label={t('changeEmail.code')} error={fieldError(errors.code?.message)}>
        {(ids) => (
          <Controller
            control={form.control}
            name="code"
            render={({ field }) => (
              <InputOtp
                {...ids}
                ref={field.ref}
                maxLength={OTP_LENGTH}
                autoFocus
                autoComplete="one-time-code"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                onComplete={() => void onSubmit()}
                disabled={isSubmitting}
              />
            )}
          />
        )}
      </Field>
      <div className="flex flex-col items-start gap-2 text-sm">
        <Button variant="link" size="inline" disabled={cooldown > 0} onClick={() => void resend()}>
          {cooldown > 0 ? t('changeEmail.resendIn', { seconds: cooldown }) : t('changeEmail.resend')}
        </Button>
        <Button variant="link" size="inline" onClick={onUseAnother}>
          {t('changeEmail.useAnother')}
        </Button>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('actions.cancel', { ns: 'common' })}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {t('changeEmail.confirm')}
        </Button>
      </div>
    </form>
  );
}

export function ChangeEmail() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Partial<AccountSearch>;
  // The code step is open while the URL names a new address.
  const pending = emailSchema.safeParse(search.newEmail ?? '').data;
  const [choosing, setChoosing] = useState(false);
  const [draft, setDraft] = useState('');
  const setNewEmail = (newEmail: string) =>
    navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, newEmail }), replace: true });
  const close = () => {
    setChoosing(false);
    setDraft('');
    if (search.newEmail) void setNewEmail('');
  };

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setChoosing(true)}>
        {t('changeEmail.button')}
      </Button>
      <ResponsiveDialog
        open={choosing || Boolean(pending)}
        onOpenChange={(open) => !open && close()}
        title={pending ? t('changeEmail.confirmTitle') : t('changeEmail.title')}
        description={pending ? t('changeEmail.sent', { email: isolated(pending) }) : t('changeEmail.description')}
      >
        {pending ? (
          <CodeStep
            key={pending}
            newEmail={pending}
            onChanged={async () => {
              toast.success(t('changeEmail.changed'));
              close();
              await refreshSession(queryClient);
            }}
            onUseAnother={() => {
              setDraft(pending);
              setChoosing(true);
              void setNewEmail('');
            }}
            onCancel={close}
          />
        ) : (
          <AddressStep
            draft={draft}
            onSent={async (newEmail) => {
              setDraft(newEmail);
              // The URL opens the code step before this step lets go: the dialog stays open between them.
              await setNewEmail(newEmail);
              setChoosing(false);
            }}
            onCancel={close}
          />
        )}
      </ResponsiveDialog>
    </>
  );
}
