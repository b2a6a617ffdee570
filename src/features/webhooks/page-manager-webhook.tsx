/** /manager/webhooks/{id}: one of the product's endpoints. */
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePermission } from '#/features/auth/use-permission';
import { WebhookDetail } from './webhook-detail';
import { PRODUCT_WEBHOOKS } from './webhooks.queries';

const route = getRouteApi('/manager/webhooks/$id');

export function PageManagerWebhook() {
  const { t } = useTranslation('webhooks');
  const { id } = route.useParams();
  const canManage = usePermission({ webhook: ['manage'] });
  const navigate = useNavigate();
  return (
    <WebhookDetail
      scope={PRODUCT_WEBHOOKS}
      id={id}
      canManage={canManage}
      crumbs={[{ label: t('title'), to: '/manager/webhooks' }]}
      onDeleted={() => navigate({ to: '/manager/webhooks' })}
    />
  );
}
