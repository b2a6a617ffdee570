import { createFileRoute } from '@tanstack/react-router';
import { managerOrganizationsQuery } from '#/features/organizations/organizations.queries';
import { PageManagerOrganizations } from '#/features/organizations/page-manager-organizations';
import { listRoute } from '#/lib/search-params';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/manager/organizations/')({
  staticData: { namespaces: ['organizations'] },
  ...listRoute,
  loader: ({ context, deps }) => context.queries.ensure(managerOrganizationsQuery(deps.searchTerm)),
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('nav.organizations')) }] }),
  component: PageManagerOrganizations,
});
