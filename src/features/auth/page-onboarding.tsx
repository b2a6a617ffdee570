/** First login: ask for a name, then mark the user onboarded and continue to the requested page. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { Button } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { authClient } from './auth-client';
import { nameFormSchema, type NameForm } from './auth.schema';
import { AuthLayout } from './auth-layout';
import { refreshSession } from './session';
import type { SessionUser } from './auth.functions';

export function PageOnboarding({ user }: { user: SessionUser }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const form = useForm<NameForm>({ resolver: zodResolver(nameFormSchema), defaultValues: { name: user.name ?? '' } });

  const onSubmit = form.handleSubmit(async ({ name }) => {
    const { error } = await authClient.updateUser({ name, onboardedAt: new Date() });
    if (error) {
      toast.error(t('onboarding.failed'));
      return;
    }
    toast.success(t('onboarding.success', { name }));
    await refreshSession(queryClient);
  });

  const nameError = form.formState.errors.name?.message;
  return (
    <AuthLayout title={t('onboarding.welcome')} description={t('onboarding.subtitle')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field label={t('onboarding.nameLabel')} error={nameError ? t(nameError as 'validation.nameRequired') : undefined}>
          {(ids) => <Input autoComplete="name" autoFocus {...ids} {...form.register('name')} />}
        </Field>
        <p className="text-sm text-neutral-700 dark:text-neutral-300">{t('onboarding.loggedWith', { email: user.email })}</p>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('onboarding.continue')}
        </Button>
      </form>
    </AuthLayout>
  );
}
