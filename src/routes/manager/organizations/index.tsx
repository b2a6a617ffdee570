import { createFileRoute } from '@tanstack/react-router';
import { ListSkeleton } from '#/components/page-skeletons';
import { managerOrganizationsInfiniteQuery } from '#/features/organizations/organizations.queries';
import { PageManagerOrganizations } from '#/features/organizations/page-manager-organizations';
import { optionParam, pageSizeParam, tableRoute } from '#/lib/search-params';
import { loadInfiniteQuery } from '#/lib/query-client';

export const Route = createFileRoute('/manager/organizations/')({
  staticData: { title: 'nav.organizations', namespaces: ['organizations', 'tables'] },
  ...tableRoute({ sort: optionParam(['createdAt', 'name']), order: optionParam(['asc', 'desc']), limit: pageSizeParam }),
  loader: ({ context, deps }) => loadInfiniteQuery(context.queryClient, managerOrganizationsInfiniteQuery(deps)),
  pendingComponent: ListSkeleton,
  component: PageManagerOrganizations,
});
