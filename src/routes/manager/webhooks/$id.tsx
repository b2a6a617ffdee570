import { createFileRoute } from '@tanstack/react-router';
import { DetailSkeleton } from '#/components/page-skeletons';
import { PageManagerWebhook } from '#/features/webhooks/page-manager-webhook';
import { deliveriesInfiniteQuery, PRODUCT_WEBHOOKS, webhookQuery } from '#/features/webhooks/webhooks.queries';
import { loadInfiniteQuery, loadQuery, orNotFound } from '#/lib/query-client';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/manager/webhooks/$id')({
  staticData: { namespaces: ['webhooks', 'tables'] },
  loader: async ({ context, params }) => {
    const { queryClient } = context;
    const [webhook] = await orNotFound(
      Promise.all([
        loadQuery(queryClient, webhookQuery(PRODUCT_WEBHOOKS, params.id)),
        loadInfiniteQuery(queryClient, deliveriesInfiniteQuery(PRODUCT_WEBHOOKS, params.id)),
      ]),
    );
    return webhook;
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.url) }] }),
  pendingComponent: DetailSkeleton,
  component: PageManagerWebhook,
});
