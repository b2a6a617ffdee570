import { createFileRoute } from '@tanstack/react-router';
import { myOrganizationsQuery } from '#/features/organizations/organizations.queries';
import { PageOrganizations } from '#/features/organizations/page-organizations';
import { loadQuery } from '#/lib/query-client';

export const Route = createFileRoute('/app/organizations/')({
  staticData: { title: 'nav.organizations', namespaces: ['organizations', 'authErrors'] },
  loader: ({ context }) => loadQuery(context.queryClient, myOrganizationsQuery()),
  component: PageOrganizations,
});
