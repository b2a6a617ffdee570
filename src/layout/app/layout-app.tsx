/** The /app section, mobile-first: the navigation is in the top bar from 640 px, at the bottom below. */
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useMatchRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '#/components/logo-mark';
import { SkipLink } from '#/components/ui/skip-link';
import { OnboardingGate } from '#/features/auth/onboarding-gate';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { myOrganizationsQuery } from '#/features/organizations/organizations.queries';
import { OrganizationSwitcher } from '#/features/organizations/organization-switcher';
import { UserMenu } from '../user-menu';
import { APP_NAV } from './nav-items';

const linkBase =
  'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The section's frame around its pages, or around `children` (its error pages). */
export function LayoutApp({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // With no organisation the switcher is a 'New organisation' link to /app/organizations; on that
  // page it would repeat the page's own action (the same query as the switcher's, read from cache).
  const { data: organizations } = useQuery(myOrganizationsQuery());
  const onOrganizations = Boolean(useMatchRoute()({ to: '/app/organizations' }));
  const showSwitcher = !(onOrganizations && organizations?.organizations.length === 0);
  return (
    <OnboardingGate user={user}>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
          <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-4">
            <Link
              to="/app"
              className="me-4 flex items-center rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Logo />
            </Link>
            <nav aria-label={t('nav.mainNavigation')} className="hidden items-center gap-1 sm:flex">
              {APP_NAV.map(({ to, key, icon: Icon, exact }) => (
                <Link
                  key={to}
                  to={to}
                  activeOptions={{ exact }}
                  className={`${linkBase} text-muted-foreground hover:bg-accent`}
                  activeProps={{ className: 'bg-muted text-foreground', 'aria-current': 'page' }}
                >
                  <Icon className="size-4" aria-hidden />
                  {t(`nav.${key}`)}
                </Link>
              ))}
            </nav>
            <div className="ms-auto flex min-w-0 items-center gap-3">
              {showSwitcher && <OrganizationSwitcher />}
              <UserMenu section="app" />
            </div>
          </div>
        </header>
        <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 pb-24 sm:pb-6">
          {children ?? <Outlet />}
        </main>
        <nav
          aria-label={t('nav.mainNavigation')}
          className="fixed inset-x-0 bottom-0 z-40 border-t bg-background pb-[env(safe-area-inset-bottom)] sm:hidden"
        >
          <ul className="grid grid-cols-4">
            {APP_NAV.map(({ to, key, icon: Icon, exact }) => (
              <li key={to}>
                <Link
                  to={to}
                  activeOptions={{ exact }}
                  className="flex flex-col items-center gap-1 py-2 text-xs text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  activeProps={{ className: 'font-semibold text-brand-text', 'aria-current': 'page' }}
                >
                  <Icon className="size-5" aria-hidden />
                  {t(`nav.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </OnboardingGate>
  );
}
