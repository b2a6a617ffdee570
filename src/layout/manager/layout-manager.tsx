/** The /manager section: admin style, with a collapsible side navigation. */
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { ArrowUpRight, Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Fragment, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '#/components/logo-mark';
import { SkipLink } from '#/components/ui/skip-link';
import { Button } from '#/components/ui/button';
import {
  createTrailStore,
  CrumbTrail,
  TrailStoreContext,
  usePublishedTrail,
  type Crumb,
  type TrailStore,
} from '#/components/ui/page-header';
import { Tooltip, TooltipProvider } from '#/components/ui/tooltip';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { OnboardingGate } from '#/features/auth/onboarding-gate';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { rolesAllow } from '#/lib/permissions';
import { identity } from '#/lib/identity';
import { cn } from '#/lib/utils';
import { UserMenu } from '../user-menu';
import { CommandPalette } from './command-palette';
import { MANAGER_NAV } from './nav-items';
import type { PalettePage } from './palette-page';

function NavItems({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const role = useCurrentUser()?.role;
  const groups = MANAGER_NAV.map((items) => items.filter(({ permission }) => !permission || rolesAllow(role, permission)));
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

/** The top bar's trail from 768 px: the page's own (Users › Ada), else the area of the navigation it belongs to. */
function TopBarTrail({ store }: { store: TrailStore }) {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const published = usePublishedTrail(store);
  const item = MANAGER_NAV.flat().find(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
  const className = 'hidden min-w-0 md:flex';
  if (published) return <CrumbTrail {...published} className={className} />;
  if (!item) return <span />;
  // The server's render, and a page with no trail of its own: the area, a link back to it from inside it.
  const label = t(`nav.${item.key}`);
  return (
    <CrumbTrail
      label={t('nav.breadcrumb')}
      className={className}
      crumbs={[pathname === item.to ? { label } : { label, to: item.to as Crumb['to'] }]}
    />
  );
}

/** The section's frame around its pages, or around `children` (its error pages). */
export function LayoutManager({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [trail] = useState(createTrailStore);
  const palettePages: PalettePage[] = [
    ...MANAGER_NAV.flat()
      .filter(({ external, permission }) => !external && (!permission || rolesAllow(user?.role, permission)))
      .map(({ to, key, icon }) => ({ to, label: t(`nav.${key}`), icon })),
    { to: '/app', label: t('nav.openApp'), icon: ArrowUpRight },
  ];
  return (
    <OnboardingGate user={user}>
      <TrailStoreContext value={trail}>
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
              <TopBarTrail store={trail} />
              <div className="ms-auto flex items-center gap-2">
                <CommandPalette pages={palettePages} />
                <UserMenu section="manager" />
              </div>
            </header>
            <main id="main" className="mx-auto w-full max-w-6xl flex-1 p-4 sm:p-6">
              {children ?? <Outlet />}
            </main>
          </div>
          <ResponsiveDialog open={mobileOpen} onOpenChange={setMobileOpen} title={identity.name}>
            <nav aria-label={t('nav.mainNavigation')} className="flex flex-col">
              <NavItems collapsed={false} onNavigate={() => setMobileOpen(false)} />
            </nav>
          </ResponsiveDialog>
        </div>
      </TrailStoreContext>
    </OnboardingGate>
  );
}
