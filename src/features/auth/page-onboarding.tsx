import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useRouterState } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { Button } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { useHydrated } from '#/lib/use-hydrated';
import { authClient } from './auth-client';
import { nameFormSchema, type NameForm } from './auth.schema';
import { AuthLayout } from './auth-layout';
import { refreshSession } from './session';
import type { SessionUser } from './auth.functions';
import { isolated } from '#/lib/text';

const root = getRouteApi('__root__');

export function PageOnboarding({ user }: { user: SessionUser }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const here = useRouterState({ select: (state) => state.location.href });
  // A refusal of the same form posted without JavaScript: its message and what was typed.
  const formFlash = root.useLoaderData().formFlash;
  const flash = formFlash?.form === 'onboarding' ? formFlash : null;
  const form = useForm<NameForm>({
    resolver: zodResolver(nameFormSchema),
    defaultValues: { name: flash?.values.name ?? user.name ?? '' },
    errors: flash?.error.key ? { name: { type: 'server', message: flash.error.key } } : undefined,
  });

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
  // Lazily loaded, the form may hydrate late; until then a press posts it to the server, which also works.
  const hydrated = useHydrated();
  return (
    <AuthLayout title={t('onboarding.welcome')} description={t('onboarding.subtitle')}>
      {/* A real form: it also works before hydration and without JavaScript. */}
      <form
        method="post"
        action="/login/onboarding"
        noValidate
        onSubmit={onSubmit}
        data-hydrated={hydrated || undefined}
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="redirect" value={here} />
        <Field label={t('onboarding.nameLabel')} error={nameError ? t(nameError as 'validation.nameRequired') : undefined}>
          {(ids) => <Input autoComplete="name" autoFocus {...ids} {...form.register('name')} />}
        </Field>
        <p className="text-sm text-muted-foreground">{t('onboarding.loggedWith', { email: isolated(user.email) })}</p>
        <Button type="submit" disabled={form.formState.isSubmitting} worksWithoutJavaScript>
          {t('onboarding.continue')}
        </Button>
      </form>
    </AuthLayout>
  );
}
