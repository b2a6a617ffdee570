// In its own chunk (see organization-switcher.tsx): the organisations to switch to, each with its
// logo and one's role, then 'New organisation' and the active one's settings.
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PlusIcon, SettingsIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '#/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#/components/ui/dropdown-menu';
import { toast } from '#/components/ui/toast';
import { authCall, authClient } from '#/features/auth/auth-client';
import { orpc } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { SwitcherButton } from './organization-switcher-button';
import type { MyOrganizations } from './organizations.schema';
import { isolatedSentence } from '#/components/isolated-sentence';

const ROLES = ['owner', 'admin', 'member'] as const;

export default function OrganizationSwitcherMenu({ data }: { data: MyOrganizations }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const active = data.organizations.find((o) => o.id === data.activeOrganizationId);
  const choose = async (organizationId: string) => {
    const chosen = data.organizations.find((o) => o.id === organizationId);
    setPending(true);
    try {
      await authCall(authClient.organization.setActive({ organizationId }));
      if (chosen) toast.success(isolatedSentence((word) => t('organizationSwitcher.switched', { name: word(chosen.name) })));
      await queryClient.invalidateQueries({ queryKey: orpc.organizations.key() });
    } catch (error) {
      if (!handledGlobally(error)) toast.error((error as Error).message);
    } finally {
      setPending(false);
    }
  };
  const role = (value: string) => {
    const known = ROLES.find((r) => r === value);
    return known ? t(`organizationSwitcher.roles.${known}`) : value;
  };
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <SwitcherButton data={data} disabled={pending} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="text-xs text-muted-foreground">{t('organizationSwitcher.title')}</DropdownMenuLabel>
        {data.organizations.length > 0 && (
          <DropdownMenuRadioGroup value={data.activeOrganizationId ?? ''} onValueChange={(value) => void choose(value)}>
            {data.organizations.map((o) => (
              <DropdownMenuRadioItem key={o.id} value={o.id} className="gap-2">
                <Avatar id={o.id} name={o.name} src={o.logo} size="sm" square />
                <span className="flex min-w-0 flex-col">
                  <bdi className="truncate">{o.name}</bdi>
                  <span className="text-xs text-muted-foreground">{role(o.role)}</span>
                </span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/app/organizations">
            <PlusIcon aria-hidden />
            {t('organizationSwitcher.create')}
          </Link>
        </DropdownMenuItem>
        {active && (
          <DropdownMenuItem asChild>
            <Link to="/app/organizations/$slug" params={{ slug: active.slug }} search={{ tab: 'settings' }}>
              <SettingsIcon aria-hidden />
              {t('organizationSwitcher.settings')}
            </Link>
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
