import { createFileRoute } from '@tanstack/react-router';
import { ListSkeleton } from '#/components/page-skeletons';
import { PageManagerWebhooks } from '#/features/webhooks/page-manager-webhooks';
import { PRODUCT_WEBHOOKS, webhooksQuery } from '#/features/webhooks/webhooks.queries';
import { loadQuery } from '#/lib/query-client';

export const Route = createFileRoute('/manager/webhooks/')({
  staticData: { title: 'webhooks:title', namespaces: ['webhooks'] },
  loader: ({ context }) => loadQuery(context.queryClient, webhooksQuery(PRODUCT_WEBHOOKS)),
  pendingComponent: ListSkeleton,
  component: PageManagerWebhooks,
});
