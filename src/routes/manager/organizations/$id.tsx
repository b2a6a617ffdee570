import { createFileRoute } from '@tanstack/react-router';
import { managerOrganizationQuery } from '#/features/organizations/organizations.queries';
import { PageManagerOrganization } from '#/features/organizations/page-manager-organization';
import { pageTitle } from '#/lib/utils';
import { loadQuery, orNotFound } from '#/lib/query-client';

export const Route = createFileRoute('/manager/organizations/$id')({
  staticData: { namespaces: ['organizations', 'tables'] },
  loader: ({ context, params }) => orNotFound(loadQuery(context.queryClient, managerOrganizationQuery(params.id))),
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.name) }] }),
  component: PageManagerOrganization,
});
