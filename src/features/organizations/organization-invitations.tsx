/** Invitations: invite by e-mail with a role (and the e-mail's language); pending ones with their expiry; cancel, resend. */
import { MailIcon } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { OptionSelect } from '#/components/ui/select';
import { authClient } from '#/features/auth/auth-client';
import { useDates } from '#/lib/i18n/use-dates';
import { LANGUAGE_OPTIONS } from '#/lib/i18n/language-options';
import { LANGUAGES } from '#/lib/i18n/languages';
import { inviteInputSchema, organizationRights, type InviteInput, type OrganizationPage } from './organizations.schema';
import { useOrganizationAction } from './use-organization-action';
import { EmptyState } from '#/components/ui/empty-state';

export function OrganizationInvitations({ org }: { org: OrganizationPage }) {
  const { t, i18n } = useTranslation('organizations');
  const dates = useDates();
  const rights = organizationRights(org.membership.role);
  const { run, pending } = useOrganizationAction();
  const roleName = (role: string | null) => (role ? t(`roles.${role}` as 'roles.member', { defaultValue: role }) : '');
  const form = useForm<InviteInput>({
    resolver: zodResolver(inviteInputSchema),
    defaultValues: { email: '', role: 'member', language: (LANGUAGES.find((l) => l.code === i18n.language) ?? LANGUAGES[0]).code },
  });
  const invite = form.handleSubmit(async (values) => {
    const sent = await run(
      () =>
        authClient.organization.inviteMember({
          organizationId: org.id,
          email: values.email,
          role: values.role as 'member',
          // Read by our server hook (the e-mail's language); the plugin ignores it.
          ...({ language: values.language } as object),
        }),
      t('invitations.sent', { email: values.email }),
    );
    if (sent) form.reset({ ...values, email: '' });
  });
  const emailError = form.formState.errors.email?.message;

  return (
    <div className="flex flex-col gap-6">
      {rights.invite && (
        <form noValidate onSubmit={invite} className="flex flex-col gap-3 rounded-lg border p-4" data-testid="invite-form">
          <h2 className="text-lg font-semibold">{t('invitations.inviteTitle')}</h2>
          <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
            <Field label={t('invitations.email')} error={emailError ? t(emailError as 'form.nameRequired') : undefined}>
              {(ids) => <Input type="email" dir="ltr" autoComplete="off" {...ids} {...form.register('email')} />}
            </Field>
            <Field label={t('invitations.role')}>
              {(ids) => (
                <Controller
                  control={form.control}
                  name="role"
                  render={({ field }) => (
                    <OptionSelect
                      trigger={{ ...ids, onBlur: field.onBlur }}
                      options={rights.assignableRoles.map((role) => ({ value: role, label: roleName(role) }))}
                      name={field.name}
                      value={field.value}
                      onValueChange={field.onChange}
                    />
                  )}
                />
              )}
            </Field>
            <Field label={t('invitations.language')}>
              {(ids) => (
                <Controller
                  control={form.control}
                  name="language"
                  render={({ field }) => (
                    <OptionSelect
                      trigger={{ ...ids, onBlur: field.onBlur }}
                      options={LANGUAGE_OPTIONS}
                      name={field.name}
                      value={field.value}
                      onValueChange={field.onChange}
                    />
                  )}
                />
              )}
            </Field>
          </div>
          <div>
            <Button type="submit" disabled={pending}>
              {t('invitations.invite')}
            </Button>
          </div>
        </form>
      )}
      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{t('invitations.pending')}</h2>
        {org.invitations.length === 0 && <EmptyState icon={<MailIcon />} title={t('invitations.none')} />}
        <ul className="flex flex-col gap-2" data-testid="pending-invitations">
          {org.invitations.map((inv) => (
            <li key={inv.id} className="flex flex-wrap items-center gap-2 rounded-lg border p-3">
              <span className="min-w-0 flex-1 truncate">
                <bdi>{inv.email}</bdi>
              </span>
              <span className="text-sm">{roleName(inv.role)}</span>
              <span className="text-sm text-muted-foreground">{t('invitations.expires', { date: dates.dateTime(inv.expiresAt) })}</span>
              {rights.invite && (
                <span className="flex gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={pending}
                    onClick={() =>
                      void run(
                        () =>
                          authClient.organization.inviteMember({
                            organizationId: org.id,
                            email: inv.email,
                            role: (inv.role ?? 'member') as 'member',
                            resend: true,
                          }),
                        t('invitations.resent', { email: inv.email }),
                      )
                    }
                  >
                    {t('invitations.resend')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={pending}
                    onClick={() =>
                      void run(
                        () => authClient.organization.cancelInvitation({ invitationId: inv.id }),
                        t('invitations.canceled', { email: inv.email }),
                      )
                    }
                  >
                    {t('invitations.cancel')}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
