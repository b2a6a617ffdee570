import { createFileRoute } from '@tanstack/react-router';
import { managerOrganizationsQuery } from '#/features/organizations/organizations.queries';
import { PageManagerOrganizations } from '#/features/organizations/page-manager-organizations';
import { listRoute } from '#/lib/search-params';

export const Route = createFileRoute('/manager/organizations/')({
  staticData: { title: 'nav.organizations', namespaces: ['organizations', 'tables'] },
  ...listRoute,
  loader: ({ context, deps }) => context.queries.ensure(managerOrganizationsQuery(deps.searchTerm)),
  component: PageManagerOrganizations,
});
