import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { organizationQuery } from '#/features/organizations/organizations.queries';
import { organizationRights } from '#/features/organizations/organizations.schema';
import { organizationSearch } from '#/features/organizations/organizations.search';
import { PageOrganization } from '#/features/organizations/page-organization';
import { secondFactorRefusal } from '#/features/organizations/organizations.queries';
import { SecondFactorNeeded } from '#/components/second-factor-needed';
import { PageHeader } from '#/components/ui/page-header';
import { OrganizationWebhooks } from '#/features/webhooks/webhook-list';
import { webhooksQuery } from '#/features/webhooks/webhooks.queries';
import { pageTitle } from '#/lib/utils';
import { orNotFound } from '#/lib/query-client';
// example:start
import { shelfQuery } from '#/features/organizations/organizations.queries';
// example:end

export const Route = createFileRoute('/app/organizations/$slug/')({
  staticData: {
    namespaces: [
      'organizations',
      'authErrors',
      'images',
      'webhooks',
      // Its settings' API keys speak the account page's words (src/components/api-key-list.tsx), and their
      // activity the audit log's.
      'account',
      'audit',
      // example:start
      'catalog',
      // example:end
    ],
  },
  validateSearch: organizationSearch,
  search: { middlewares: [stripSearchParams({ tab: 'overview' as const })] },
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: async ({ context, params, deps }) => {
    // Not a member, or no such organisation: the same 404 page. A member its owners' rule holds: what is missing.
    const org = await orNotFound(context.queryClient.ensureQueryData(organizationQuery(params.slug))).catch(secondFactorRefusal);
    if ('secondFactorNeeded' in org) return org;
    // example:start
    if (deps.tab === 'shelf' && org.active) await context.queryClient.ensureQueryData(shelfQuery());
    // example:end
    if (deps.tab === 'webhooks' && organizationRights(org.membership.role).manageWebhooks) {
      await context.queryClient.ensureQueryData(webhooksQuery({ slug: params.slug }));
    }
    return org;
  },
  head: ({ loaderData }) => ({
    meta: [{ title: pageTitle(loaderData && ('secondFactorNeeded' in loaderData ? loaderData.secondFactorNeeded.name : loaderData.name)) }],
  }),
  component: OrganizationRoute,
});

function OrganizationRoute() {
  const data = Route.useLoaderData();
  if ('secondFactorNeeded' in data) {
    return (
      <div className="flex w-full flex-col gap-6">
        <PageHeader title={data.secondFactorNeeded.name} />
        <SecondFactorNeeded organization={data.secondFactorNeeded} />
      </div>
    );
  }
  return <PageOrganization Webhooks={OrganizationWebhooks} />;
}
