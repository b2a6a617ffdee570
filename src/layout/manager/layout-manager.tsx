/** The /manager section: admin style, with a collapsible side navigation and a user menu. */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, Outlet } from '@tanstack/react-router';
import {
  BookOpen,
  Building2,
  ExternalLink,
  FileText,
  House,
  LayoutDashboard,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  ScrollText,
  UserRound,
  Users,
} from 'lucide-react';
import { useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { SkipLink } from '#/components/ui/skip-link';
import { Button } from '#/components/ui/button';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { LanguageSelect, ThemeSelect } from '#/features/account/preferences';
import { DisplayName } from '#/components/display-name';
import { OnboardingGate } from '#/features/auth/onboarding-gate';
import { SignOutDialog } from '#/features/auth/sign-out';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { Avatar } from '#/components/avatar';
import { APP_NAME, cn } from '#/lib/utils';
import type enCommon from '#/locales/en/common.json';

type NavKey = keyof typeof enCommon.nav;
type Item = { to: string; key: NavKey; icon: ComponentType<{ className?: string }>; external?: boolean };
type Group = { label?: NavKey; items: Item[] };

/** Spec: Home, Application (Dashboard, Books), Configuration (Users, Audit log), Account, Open App, API Documentation. */
const GROUPS: Group[] = [
  { items: [{ to: '/app', key: 'home', icon: House }] },
  {
    label: 'application',
    items: [
      { to: '/manager/dashboard', key: 'dashboard', icon: LayoutDashboard },
      { to: '/manager/books', key: 'books', icon: BookOpen },
    ],
  },
  {
    label: 'configuration',
    items: [
      { to: '/manager/users', key: 'users', icon: Users },
      { to: '/manager/organizations', key: 'organizations', icon: Building2 },
      { to: '/manager/audit', key: 'audit', icon: ScrollText },
    ],
  },
  {
    items: [
      { to: '/manager/account', key: 'account', icon: UserRound },
      { to: '/app', key: 'openApp', icon: ExternalLink },
      { to: '/api/docs', key: 'apiDocumentation', icon: FileText, external: true },
    ],
  },
];

function NavItems({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const itemClass = cn(
    'flex items-center gap-3 rounded-md py-2 text-sm font-medium text-neutral-700 hover:bg-neutral-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand dark:text-neutral-300 dark:hover:bg-neutral-800',
    collapsed ? 'justify-center px-2' : 'px-3',
  );
  return (
    <div className="flex flex-col gap-4">
      {GROUPS.map((group, i) => (
        <div key={group.label ?? i} className="flex flex-col gap-1">
          {group.label && !collapsed && (
            <p className="px-3 text-xs font-semibold uppercase tracking-wide text-neutral-600 dark:text-neutral-400">
              {t(`nav.${group.label}`)}
            </p>
          )}
          {group.items.map(({ to, key, icon: Icon, external }) => {
            const label = t(`nav.${key}`);
            const content = (
              <>
                <Icon className="size-4 shrink-0" aria-hidden />
                <span className={cn(collapsed && 'sr-only')}>{label}</span>
              </>
            );
            return external ? (
              <a key={key} href={to} className={itemClass} title={collapsed ? label : undefined} onClick={onNavigate}>
                {content}
              </a>
            ) : (
              <Link
                key={key}
                to={to}
                className={itemClass}
                title={collapsed ? label : undefined}
                activeOptions={{ exact: key === 'home' || key === 'openApp' }}
                activeProps={
                  key === 'home' || key === 'openApp'
                    ? {}
                    : { className: 'bg-neutral-100 text-neutral-950 dark:bg-neutral-800 dark:text-white', 'aria-current': 'page' }
                }
                onClick={onNavigate}
              >
                {content}
              </Link>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const [preferences, setPreferences] = useState(false);
  const [signOut, setSignOut] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const user = useCurrentUser();
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button ref={trigger} variant="ghost" size="icon" aria-label={t('nav.userMenu')}>
            {user ? <Avatar user={user} size="xs" lazy={false} /> : <UserRound aria-hidden />}
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-48 rounded-md border border-neutral-200 bg-white p-1 shadow-md dark:border-neutral-800 dark:bg-neutral-950"
          >
            {user && (
              <DropdownMenu.Label className="px-3 py-2 text-sm">
                <span className="block font-medium">
                  <DisplayName name={user.name} />
                </span>
                <bdi className="block text-xs text-neutral-600 dark:text-neutral-400">{user.email}</bdi>
              </DropdownMenu.Label>
            )}
            <DropdownMenu.Item
              asChild
              className="block cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-neutral-100 dark:data-[highlighted]:bg-neutral-800"
            >
              <Link to="/manager/account">{t('nav.account')}</Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-neutral-100 dark:data-[highlighted]:bg-neutral-800"
              onSelect={() => setPreferences(true)}
            >
              {t('preferences.title')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-neutral-100 dark:data-[highlighted]:bg-neutral-800"
              onSelect={() => setSignOut(true)}
            >
              {t('actions.signOut')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ResponsiveDialog open={preferences} onOpenChange={setPreferences} title={t('preferences.title')} returnFocusTo={trigger}>
        <div className="flex flex-col gap-4">
          <LanguageSelect />
          <ThemeSelect />
        </div>
      </ResponsiveDialog>
      <SignOutDialog open={signOut} onOpenChange={setSignOut} returnFocusTo={trigger} />
    </>
  );
}

export function LayoutManager() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  return (
    <OnboardingGate user={user}>
      <div className="flex min-h-dvh">
        <SkipLink />
        <aside
          className={cn(
            'hidden shrink-0 flex-col gap-4 border-e border-neutral-200 p-3 transition-[width] md:flex dark:border-neutral-800',
            collapsed ? 'w-16' : 'w-60',
          )}
        >
          <div className={cn('flex items-center', collapsed ? 'justify-center' : 'justify-between')}>
            {!collapsed && <span className="px-2 font-bold">{APP_NAME}</span>}
            <Button
              variant="ghost"
              size="icon"
              aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
              aria-expanded={!collapsed}
              onClick={() => setCollapsed((c) => !c)}
            >
              {collapsed ? (
                <PanelLeftOpen aria-hidden className="rtl:-scale-x-100" />
              ) : (
                <PanelLeftClose aria-hidden className="rtl:-scale-x-100" />
              )}
            </Button>
          </div>
          <nav aria-label={t('nav.mainNavigation')}>
            <NavItems collapsed={collapsed} />
          </nav>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex items-center justify-between gap-2 border-b border-neutral-200 px-4 py-2 dark:border-neutral-800">
            <div className="flex items-center gap-2 md:invisible">
              <Button variant="ghost" size="icon" className="md:hidden" aria-label={t('nav.openMenu')} onClick={() => setMobileOpen(true)}>
                <Menu aria-hidden />
              </Button>
              <span className="font-bold md:hidden">{APP_NAME}</span>
            </div>
            <UserMenu />
          </header>
          <main id="main" className="flex-1 p-4 sm:p-6">
            <Outlet />
          </main>
        </div>
        <ResponsiveDialog open={mobileOpen} onOpenChange={setMobileOpen} title={APP_NAME}>
          <nav aria-label={t('nav.mainNavigation')}>
            <NavItems collapsed={false} onNavigate={() => setMobileOpen(false)} />
          </nav>
        </ResponsiveDialog>
      </div>
    </OnboardingGate>
  );
}
