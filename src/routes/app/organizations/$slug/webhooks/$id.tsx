import { createFileRoute, notFound } from '@tanstack/react-router';
import { DetailSkeleton } from '#/components/page-skeletons';
import { organizationQuery } from '#/features/organizations/organizations.queries';
import { organizationRights } from '#/features/organizations/organizations.schema';
import { PageOrganizationWebhook } from '#/features/webhooks/page-organization-webhook';
import { deliveriesInfiniteQuery, webhookQuery } from '#/features/webhooks/webhooks.queries';
import { orNotFound } from '#/lib/query-client';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/app/organizations/$slug/webhooks/$id')({
  staticData: { namespaces: ['webhooks', 'tables', 'organizations'] },
  loader: async ({ context, params }) => {
    const { queryClient } = context;
    const org = await orNotFound(queryClient.ensureQueryData(organizationQuery(params.slug)));
    // Its owners' page only, as its tab is.
    if (!organizationRights(org.membership.role).manageWebhooks) throw notFound();
    const scope = { slug: params.slug };
    const [webhook] = await orNotFound(
      Promise.all([
        queryClient.ensureQueryData(webhookQuery(scope, params.id)),
        queryClient.ensureInfiniteQueryData(deliveriesInfiniteQuery(scope, params.id)),
      ]),
    );
    return webhook;
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.url) }] }),
  pendingComponent: DetailSkeleton,
  component: PageOrganizationWebhook,
});
