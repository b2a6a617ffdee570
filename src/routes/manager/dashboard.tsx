import { createFileRoute } from '@tanstack/react-router';
import { dashboardQuery } from '#/features/dashboard/dashboard.queries';
import { PageDashboard } from '#/features/dashboard/page-dashboard';

export const Route = createFileRoute('/manager/dashboard')({
  staticData: { title: 'nav.dashboard', namespaces: ['users'] },
  loader: ({ context }) => context.queryClient.ensureQueryData(dashboardQuery),
  component: PageDashboard,
});
