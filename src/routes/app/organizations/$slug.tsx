import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { organizationQuery, shelfQuery } from '#/features/organizations/organizations.queries';
import { organizationSearch } from '#/features/organizations/organizations.search';
import { PageOrganization } from '#/features/organizations/page-organization';
import { pageTitle } from '#/lib/utils';
import { orNotFound } from '#/lib/query-client';

export const Route = createFileRoute('/app/organizations/$slug')({
  staticData: { namespaces: ['organizations', 'authErrors', 'catalog', 'images'] },
  validateSearch: organizationSearch,
  search: { middlewares: [stripSearchParams({ tab: 'overview' as const })] },
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: async ({ context, params, deps }) => {
    // Not a member, or no such organisation: the same 404 page.
    const org = await orNotFound(context.queryClient.ensureQueryData(organizationQuery(params.slug)));
    if (deps.tab === 'shelf' && org.active) await context.queryClient.ensureQueryData(shelfQuery());
    return org;
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.name) }] }),
  component: PageOrganization,
});
