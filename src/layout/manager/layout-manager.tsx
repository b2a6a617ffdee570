/** The /manager section: admin style, with a collapsible side navigation. */
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import {
  ArrowUpRight,
  BookOpen,
  Building2,
  FileText,
  LayoutDashboard,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  ScrollText,
  UserRound,
  Users,
  Webhook,
} from 'lucide-react';
import { Fragment, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '#/components/logo-mark';
import { SkipLink } from '#/components/ui/skip-link';
import { Button } from '#/components/ui/button';
import { Tooltip, TooltipProvider } from '#/components/ui/tooltip';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { OnboardingGate } from '#/features/auth/onboarding-gate';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { rolesAllow, type Permission } from '#/lib/permissions';
import { APP_NAME, cn } from '#/lib/utils';
import type enCommon from '#/locales/en/common.json';
import { UserMenu } from '../user-menu';

type NavKey = keyof typeof enCommon.nav;
/** `permission`: shown only to those who hold it (the manager's section lets in roles that may not). */
type Item = { to: string; key: NavKey; icon: ComponentType<{ className?: string }>; external?: boolean; permission?: Permission };

/** What an administrator manages, then their own things; the app itself is the last link, set apart. */
const GROUPS: Item[][] = [
  [
    { to: '/manager/dashboard', key: 'dashboard', icon: LayoutDashboard },
    { to: '/manager/users', key: 'users', icon: Users },
    { to: '/manager/books', key: 'books', icon: BookOpen },
    { to: '/manager/organizations', key: 'organizations', icon: Building2 },
    { to: '/manager/audit', key: 'audit', icon: ScrollText },
    { to: '/manager/webhooks', key: 'webhooks', icon: Webhook, permission: { webhook: ['list'] } },
  ],
  [
    { to: '/manager/account', key: 'account', icon: UserRound },
    { to: '/api/docs', key: 'apiDocumentation', icon: FileText, external: true },
  ],
];

function NavItems({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const role = useCurrentUser()?.role;
  const groups = GROUPS.map((items) => items.filter(({ permission }) => !permission || rolesAllow(role, permission)));
  const itemClass = cn(
    'flex items-center gap-3 rounded-md py-2 text-sm font-medium text-muted-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    collapsed ? 'justify-center px-2' : 'px-3',
  );
  // Collapsed, each icon is named by a tooltip (on hover and on keyboard focus) as well as by its hidden text.
  const named = (label: string, link: ReactElement) => (collapsed ? <Tooltip label={label}>{link}</Tooltip> : link);
  return (
    <div className="flex flex-1 flex-col gap-4">
      {groups.map((items, i) => (
        <div key={i} className={cn('flex flex-col gap-1', i > 0 && 'border-t pt-4')}>
          {items.map(({ to, key, icon: Icon, external }) => {
            const label = t(`nav.${key}`);
            const content = (
              <>
                <Icon className="size-4 shrink-0" aria-hidden />
                <span className={cn(collapsed && 'sr-only')}>{label}</span>
              </>
            );
            return (
              <Fragment key={key}>
                {named(
                  label,
                  external ? (
                    <a href={to} className={itemClass} onClick={onNavigate}>
                      {content}
                    </a>
                  ) : (
                    <Link
                      to={to}
                      className={itemClass}
                      activeProps={{
                        className: 'bg-brand/10 text-foreground dark:bg-brand/25',
                        'aria-current': 'page',
                      }}
                      onClick={onNavigate}
                    >
                      {content}
                    </Link>
                  ),
                )}
              </Fragment>
            );
          })}
        </div>
      ))}
      <div className="mt-auto flex flex-col">
        {named(
          t('nav.openApp'),
          <Link to="/app" className={cn(itemClass, 'border')} onClick={onNavigate}>
            <ArrowUpRight className="size-4 shrink-0 rtl:-scale-x-100" aria-hidden />
            <span className={cn(collapsed && 'sr-only')}>{t('nav.openApp')}</span>
          </Link>,
        )}
      </div>
    </div>
  );
}

/** The top bar's context from 768 px: the area of the navigation the page belongs to (Users for a user's page). */
function CurrentArea() {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const item = GROUPS.flat().find(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
  if (!item) return <span />;
  const Icon = item.icon;
  return (
    <p className="hidden items-center gap-2 text-sm font-medium text-muted-foreground md:flex" data-testid="top-bar-area">
      <Icon aria-hidden className="size-4" />
      {t(`nav.${item.key}`)}
    </p>
  );
}

/** The section's frame around its pages, or around `children` (its error pages). */
export function LayoutManager({ children }: { children?: ReactNode }) {
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
            'sticky top-0 hidden h-dvh shrink-0 flex-col gap-4 border-e border-sidebar-border bg-sidebar p-3 transition-[width] md:flex motion-reduce:transition-none',
            collapsed ? 'w-16' : 'w-60',
          )}
        >
          {/* Collapsed, the logo's mark stays, above the button that opens the navigation again. */}
          <div className={cn('flex items-center', collapsed ? 'flex-col gap-2' : 'h-10 justify-between')}>
            <Link
              to="/manager/dashboard"
              className={cn(
                'flex items-center rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                !collapsed && 'px-2',
              )}
            >
              <Logo collapsed={collapsed} />
            </Link>
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
          <nav aria-label={t('nav.mainNavigation')} className="flex flex-1 flex-col">
            <TooltipProvider>
              <NavItems collapsed={collapsed} />
            </TooltipProvider>
          </nav>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-2 border-b bg-background/90 px-4 backdrop-blur">
            <div className="flex items-center gap-2 md:hidden">
              <Button variant="ghost" size="icon" aria-label={t('nav.openMenu')} onClick={() => setMobileOpen(true)}>
                <Menu aria-hidden />
              </Button>
              <Link to="/manager/dashboard" className="flex items-center rounded-md">
                <Logo />
              </Link>
            </div>
            <CurrentArea />
            <UserMenu section="manager" />
          </header>
          <main id="main" className="mx-auto w-full max-w-6xl flex-1 p-4 sm:p-6">
            {children ?? <Outlet />}
          </main>
        </div>
        <ResponsiveDialog open={mobileOpen} onOpenChange={setMobileOpen} title={APP_NAME}>
          <nav aria-label={t('nav.mainNavigation')} className="flex flex-col">
            <NavItems collapsed={false} onNavigate={() => setMobileOpen(false)} />
          </nav>
        </ResponsiveDialog>
      </div>
    </OnboardingGate>
  );
}
