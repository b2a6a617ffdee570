/**
 * The active organisation, in the app's top bar: a select of the caller's organisations. Choosing
 * one makes it active on the session (Better Auth's set-active); the shelf follows it.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Building2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '#/components/ui/native-select';
import { authClient } from '#/features/auth/auth-client';
import { myOrganizationsQuery } from './organizations.queries';
import { useOrganizationAction } from './use-organization-action';

export function OrganizationSwitcher() {
  const { t } = useTranslation('organizations');
  const id = useId();
  const { data } = useQuery(myOrganizationsQuery());
  const { run, pending } = useOrganizationAction();
  if (!data) return null;
  if (data.organizations.length === 0) {
    return (
      <Link to="/app/organizations" className="text-sm text-neutral-700 underline-offset-4 hover:underline dark:text-neutral-300">
        {t('create')}
      </Link>
    );
  }
  const choose = (organizationId: string) => {
    const chosen = data.organizations.find((o) => o.id === organizationId);
    void run(() => authClient.organization.setActive({ organizationId }), chosen ? t('switched', { name: chosen.name }) : undefined);
  };
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Building2 className="size-4 shrink-0" aria-hidden />
      <label htmlFor={id} className="sr-only">
        {t('activeOrganization')}
      </label>
      <NativeSelect
        id={id}
        data-testid="organization-switcher"
        className="h-9 max-w-48 min-w-0 truncate text-sm"
        value={data.activeOrganizationId ?? ''}
        disabled={pending}
        onChange={(e) => choose(e.target.value)}
      >
        {!data.activeOrganizationId && (
          <option value="" disabled>
            {t('noActive')}
          </option>
        )}
        {data.organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
