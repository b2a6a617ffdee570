/** /app/organizations/{slug}/webhooks/{id}: one of an organisation's endpoints, for its owners. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { orpc } from '#/lib/api-client';
import { WebhookDetail } from './webhook-detail';

const route = getRouteApi('/app/organizations/$slug/webhooks/$id');

export function PageOrganizationWebhook() {
  const { t } = useTranslation('webhooks');
  const { slug, id } = route.useParams();
  const { data: org } = useSuspenseQuery(orpc.organizations.get.queryOptions({ input: { slug } }));
  const navigate = useNavigate();
  const list = { to: '/app/organizations/$slug', params: { slug }, search: { tab: 'webhooks' } } as const;
  return (
    <WebhookDetail
      scope={{ slug }}
      id={id}
      canManage
      crumbs={[
        { label: <bdi>{org.name}</bdi>, to: '/app/organizations/$slug', params: { slug } },
        { label: t('title'), ...list },
      ]}
      onDeleted={() => navigate(list)}
    />
  );
}
