import { createFileRoute } from '@tanstack/react-router';
import { dashboardQuery } from '#/features/dashboard/dashboard.queries';
import { PageDashboard } from '#/features/dashboard/page-dashboard';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/manager/dashboard')({
  staticData: { namespaces: ['users'] },
  loader: ({ context }) => context.queries.ensure(dashboardQuery),
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('nav.dashboard')) }] }),
  component: PageDashboard,
});
