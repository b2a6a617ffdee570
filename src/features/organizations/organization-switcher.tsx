/**
 * The active organisation, in the app's top bar: a select of the caller's organisations. Choosing
 * one makes it active on the session (Better Auth's set-active); the shelf follows it. Its strings
 * are in `common`, so that every app page does not load the `organizations` namespace.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Building2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#/components/ui/select';
import { toast } from '#/components/ui/toast';
import { authCall, authClient } from '#/features/auth/auth-client';
import { orpc } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { myOrganizationsQuery } from './organizations.queries';

export function OrganizationSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const { data } = useQuery(myOrganizationsQuery());
  const [pending, setPending] = useState(false);
  if (!data) return null;
  if (data.organizations.length === 0) {
    return (
      <Link to="/app/organizations" className="text-sm text-neutral-700 underline-offset-4 hover:underline dark:text-neutral-300">
        {t('organizationSwitcher.create')}
      </Link>
    );
  }
  const choose = async (organizationId: string) => {
    const chosen = data.organizations.find((o) => o.id === organizationId);
    setPending(true);
    try {
      await authCall(authClient.organization.setActive({ organizationId }));
      if (chosen) toast.success(t('organizationSwitcher.switched', { name: chosen.name }));
      await queryClient.invalidateQueries({ queryKey: orpc.organizations.key() });
    } catch (error) {
      if (!handledGlobally(error)) toast.error((error as Error).message);
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Building2 className="size-4 shrink-0" aria-hidden />
      <label htmlFor={id} className="sr-only">
        {t('organizationSwitcher.label')}
      </label>
      <Select value={data.activeOrganizationId ?? ''} disabled={pending} onValueChange={(value) => void choose(value)}>
        <SelectTrigger id={id} data-testid="organization-switcher" className="h-9 max-w-48 min-w-0 text-sm">
          <SelectValue placeholder={t('organizationSwitcher.none')} />
        </SelectTrigger>
        <SelectContent>
          {data.organizations.map((o) => (
            <SelectItem key={o.id} value={o.id}>
              <bdi>{o.name}</bdi>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
