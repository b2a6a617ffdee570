import { useTranslation } from 'react-i18next';
import { Badge } from '#/components/ui/badge';
import { useDates } from '#/lib/i18n/use-dates';
import type { Webhook, WebhookDelivery } from './webhooks.schema';

/** An event's name; one no longer offered shows as itself. */
export function useEventName() {
  const { t } = useTranslation('webhooks');
  return (event: string) => t(`events.${event}` as 'events.book.created', { defaultValue: event });
}

export function EventBadges({ events }: { events: readonly string[] }) {
  const eventName = useEventName();
  return (
    <ul className="flex flex-wrap gap-1">
      {events.map((event) => (
        <li key={event}>
          <Badge>{eventName(event)}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** Off, failing (a delivery gave up, and none has arrived since), or active. */
export function WebhookStatusBadge({ webhook }: { webhook: Pick<Webhook, 'enabled' | 'failingSince'> }) {
  const { t } = useTranslation('webhooks');
  const dates = useDates();
  if (!webhook.enabled) return <Badge>{t('status.off')}</Badge>;
  if (webhook.failingSince)
    return <Badge variant="danger">{t('status.failingSince', { date: dates.date(webhook.failingSince, { dateStyle: 'medium' }) })}</Badge>;
  return <Badge variant="success">{t('status.active')}</Badge>;
}

const DELIVERY_VARIANTS = { delivered: 'success', pending: 'info', failed: 'danger' } as const;

export function DeliveryStatusBadge({ status }: { status: WebhookDelivery['status'] }) {
  const { t } = useTranslation('webhooks');
  return <Badge variant={DELIVERY_VARIANTS[status]}>{t(`deliveries.status.${status}`)}</Badge>;
}
