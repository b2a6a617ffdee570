// Its strings are in `common`, and the Select and the auth client load when it is first pointed at
// or focused: none of them is part of every app page's first load.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Building2, ChevronDownIcon } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '#/components/ui/avatar';
import { toast } from '#/components/ui/toast';
import { orpc } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { cn } from '#/lib/utils';
import { myOrganizationsQuery } from './organizations.queries';

const loadSwitcherSelect = () => import('./organization-switcher-select');
const SwitcherSelect = lazy(loadSwitcherSelect);
const loadAuthClient = () => import('#/features/auth/auth-client');
const preload = () => {
  void loadSwitcherSelect();
  void loadAuthClient();
};

export function OrganizationSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const { data } = useQuery(myOrganizationsQuery());
  const [pending, setPending] = useState(false);
  const [armed, setArmed] = useState(false);
  if (!data) return null;
  if (data.organizations.length === 0) {
    return (
      <Link to="/app/organizations" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
        {t('organizationSwitcher.create')}
      </Link>
    );
  }
  const active = data.organizations.find((o) => o.id === data.activeOrganizationId);
  const choose = async (organizationId: string) => {
    const chosen = data.organizations.find((o) => o.id === organizationId);
    setPending(true);
    try {
      const { authCall, authClient } = await loadAuthClient();
      await authCall(authClient.organization.setActive({ organizationId }));
      if (chosen) toast.success(t('organizationSwitcher.switched', { name: chosen.name }));
      await queryClient.invalidateQueries({ queryKey: orpc.organizations.key() });
    } catch (error) {
      if (!handledGlobally(error)) toast.error((error as Error).message);
    } finally {
      setPending(false);
    }
  };
  // Until first used: a button that looks like the Select's trigger; using it loads the Select, open.
  const lookAlike = (
    <button
      type="button"
      id={id}
      role="combobox"
      aria-expanded={false}
      data-testid="organization-switcher"
      disabled={pending}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setArmed(true)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') setArmed(true);
      }}
      className="flex h-9 max-w-48 min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-card px-3 text-start text-sm whitespace-nowrap focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50"
    >
      <span className={cn('truncate', !active && 'text-muted-foreground')}>
        {active ? <bdi>{active.name}</bdi> : t('organizationSwitcher.none')}
      </span>
      <ChevronDownIcon aria-hidden className="size-4 shrink-0 opacity-60" />
    </button>
  );
  return (
    <div className="flex min-w-0 items-center gap-2">
      {active?.logo ? (
        <Avatar name={active.name} src={active.logo} size="sm" square />
      ) : (
        <Building2 className="size-4 shrink-0" aria-hidden />
      )}
      <label htmlFor={id} className="sr-only">
        {t('organizationSwitcher.label')}
      </label>
      {armed ? (
        <Suspense fallback={lookAlike}>
          <SwitcherSelect
            id={id}
            value={data.activeOrganizationId ?? ''}
            organizations={data.organizations}
            placeholder={t('organizationSwitcher.none')}
            disabled={pending}
            onChoose={(value) => void choose(value)}
          />
        </Suspense>
      ) : (
        lookAlike
      )}
    </div>
  );
}
