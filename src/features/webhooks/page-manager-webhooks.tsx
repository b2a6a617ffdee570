/** /manager/webhooks: the product's webhook endpoints (docs/decisions/074-webhooks.md). */
import { usePermission } from '#/features/auth/use-permission';
import { WebhookList } from './webhook-list';
import { PRODUCT_WEBHOOKS } from './webhooks.queries';

export function PageManagerWebhooks() {
  const canManage = usePermission({ webhook: ['manage'] });
  return <WebhookList scope={PRODUCT_WEBHOOKS} canManage={canManage} />;
}
