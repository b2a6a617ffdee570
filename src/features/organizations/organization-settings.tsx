/** Settings: rename and change the slug, the logo (owners, admins); delete with the slug typed to confirm (owners). */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { isolated } from '#/lib/text';
import { DangerZone } from '#/components/danger-zone';
import { SettingsSection } from '#/components/settings-section';
import { Button } from '#/components/ui/button';
import { Checkbox } from '#/components/ui/checkbox';
import { Input } from '#/components/ui/input';
import { authClient } from '#/features/auth/auth-client';
import { OrganizationApiKeys } from './organization-api-keys';
import { PictureField } from '#/features/images/picture-field';
import { orpc } from '#/lib/api-client';
import { FormOrganization } from './form-organization';
import { organizationRights, type OrganizationPage } from './organizations.schema';
import { useOrganizationAction } from './use-organization-action';
import { isolatedSentence } from '#/components/isolated-sentence';

export function OrganizationSettings({ org }: { org: OrganizationPage }) {
  const { t } = useTranslation('organizations');
  const rights = organizationRights(org.membership.role);
  const { run, pending } = useOrganizationAction();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const [typed, setTyped] = useState('');
  const confirmId = useId();

  return (
    <div className="flex flex-col gap-8 lg:gap-10">
      <SettingsSection id="organization-general" title={t('settings.general')} description={t('settings.generalDescription')}>
        {!rights.updateOrganization && <p className="text-sm text-muted-foreground">{t('settings.readOnly')}</p>}
        <FormOrganization
          key={`${org.name}/${org.slug}`}
          initial={{ name: org.name, slug: org.slug }}
          submitLabel={t('form.save')}
          disabled={!rights.updateOrganization || pending}
          onSubmit={async (values) => {
            const saved = await run(
              () =>
                authClient.organization.update({ organizationId: org.id, data: { name: values.name.trim(), slug: values.slug.trim() } }),
              t('settings.saved'),
            );
            if (saved && values.slug.trim() !== org.slug) {
              await navigate({
                to: '/app/organizations/$slug',
                params: { slug: values.slug.trim() },
                search: { tab: 'settings' },
                replace: true,
              });
            }
          }}
        />
      </SettingsSection>
      {rights.updateOrganization && (
        // Owners and admins of this organisation; the server checks it again.
        <PictureField
          layout="settings"
          target={{ kind: 'organizations', id: org.id }}
          url={org.logo}
          shape="square"
          title={t('settings.logo')}
          description={t('settings.logoDescription')}
          onChange={() => queryClient.invalidateQueries({ queryKey: orpc.organizations.key() })}
        />
      )}
      <TwoFactorRequirement org={org} />
      {rights.manageApiKeys && <OrganizationApiKeys org={org} />}
      <DangerZone
        layout="settings"
        description={
          <>
            {isolatedSentence((word) => t('settings.deleteBody', { name: word(org.name) }))}
            {!rights.deleteOrganization && <span className="mt-1 block">{t('settings.ownerOnly')}</span>}
          </>
        }
      >
        <Button variant="destructive" disabled={!rights.deleteOrganization} onClick={() => setDeleting(true)}>
          {t('settings.delete')}
        </Button>
      </DangerZone>
      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => {
          setDeleting(open);
          if (!open) setTyped('');
        }}
        title={t('manager.deleteTitle', { name: isolated(org.name) })}
        description={isolatedSentence((word) => t('settings.deleteBody', { name: word(org.name) }))}
        confirmLabel={t('settings.delete')}
        confirmDisabled={typed.trim() !== org.slug}
        pending={pending}
        onConfirm={async () => {
          await run(
            () => authClient.organization.delete({ organizationId: org.id }),
            isolatedSentence((word) => t('settings.deleted', { name: word(org.name) })),
            () => navigate({ to: '/app/organizations' }),
          );
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={confirmId} className="text-sm font-medium">
            {isolatedSentence((word) => t('settings.typeToConfirm', { slug: word(org.slug) }))}
          </label>
          <Input id={confirmId} dir="ltr" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
      </ConfirmDialog>
    </div>
  );
}

/** Its owners require a second factor of every member (docs/decisions/095); everyone sees whether it is on. */
function TwoFactorRequirement({ org }: { org: OrganizationPage }) {
  const { t } = useTranslation('organizations');
  const { run, pending } = useOrganizationAction();
  const owner = organizationRights(org.membership.role).requireTwoFactor;
  const id = useId();
  return (
    <SettingsSection id="organization-two-factor" title={t('settings.twoFactor')} description={t('settings.twoFactorDescription')}>
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          checked={org.requireTwoFactor}
          disabled={!owner || pending}
          aria-describedby={owner ? undefined : `${id}-owners`}
          onCheckedChange={(checked) =>
            run(
              () => orpc.organizations.setTwoFactorRequirement.call({ slug: org.slug, required: checked === true }),
              checked === true ? t('settings.twoFactorRequired') : t('settings.twoFactorNotRequired'),
            )
          }
          className="mt-0.5"
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm leading-none font-medium">
            {t('settings.requireTwoFactor')}
          </label>
          <p id={`${id}-owners`} className="text-sm text-muted-foreground">
            {owner ? t('settings.requireTwoFactorHint') : t('settings.requireTwoFactorOwners')}
          </p>
        </div>
      </div>
    </SettingsSection>
  );
}
