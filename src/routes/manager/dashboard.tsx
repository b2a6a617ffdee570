import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { dashboardQuery } from '#/features/dashboard/dashboard.queries';
import { DASHBOARD_DEFAULT_RANGE, DASHBOARD_RANGES, type DashboardRange } from '#/features/dashboard/dashboard-range';
import { PageDashboard } from '#/features/dashboard/page-dashboard';
import { PageSkeleton } from '#/components/page-skeletons';
import { searchParams } from '#/lib/search-params';
import { loadQuery } from '#/lib/query-client';

/** `?days=7` or `90` (text from the URL, a number from a link); anything else is the default range. */
const days = (value: unknown): DashboardRange =>
  DASHBOARD_RANGES.find((d) => d === value || String(d) === value) ?? DASHBOARD_DEFAULT_RANGE;

export const Route = createFileRoute('/manager/dashboard')({
  staticData: { title: 'nav.dashboard', namespaces: ['users'] },
  validateSearch: searchParams<{ days: DashboardRange }>({ days }),
  search: { middlewares: [stripSearchParams({ days: DASHBOARD_DEFAULT_RANGE })] },
  loaderDeps: ({ search }) => ({ days: search.days }),
  loader: ({ context, deps }) => loadQuery(context.queryClient, dashboardQuery(deps.days)),
  pendingComponent: PageSkeleton,
  component: PageDashboard,
});
