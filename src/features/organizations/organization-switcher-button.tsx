import { Building2, ChevronsUpDownIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '#/components/ui/avatar';
import { cn } from '#/lib/utils';
import type { MyOrganizations } from './organizations.schema';

/** The active organisation's logo and name (or 'No organisation'); on a phone, the logo alone. */
export function SwitcherButton({ data, className, ...props }: ComponentProps<'button'> & { data: MyOrganizations }) {
  const { t } = useTranslation();
  const active = data.organizations.find((o) => o.id === data.activeOrganizationId);
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-label={`${t('organizationSwitcher.label')}: ${active?.name ?? t('organizationSwitcher.none')}`}
      data-testid="organization-switcher"
      className={cn(
        'flex h-9 max-w-52 min-w-0 lg:max-w-64 items-center gap-2 rounded-md px-2 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
      {...props}
    >
      {active?.logo ? (
        <Avatar id={active.id} name={active.name} src={active.logo} size="sm" square />
      ) : (
        <span aria-hidden className="flex size-7 shrink-0 items-center justify-center rounded-md border bg-card">
          <Building2 className="size-4" />
        </span>
      )}
      {/* A name is cut at the end of its own script's line ('Northside Book C…' in Arabic too), not the page's. */}
      <span className={cn('hidden min-w-0 sm:block', !active && 'truncate text-muted-foreground')}>
        {active ? (
          <bdi dir="auto" className="block truncate">
            {active.name}
          </bdi>
        ) : (
          t('organizationSwitcher.none')
        )}
      </span>
      <ChevronsUpDownIcon aria-hidden className="size-4 shrink-0 opacity-60" />
    </button>
  );
}
