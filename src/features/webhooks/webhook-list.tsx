/** A scope's webhook endpoints, each opening its page, and "Add endpoint": the manager's page, an organisation's tab. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PlusIcon, WebhookIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UrlText } from '#/components/url-text';
import { Button } from '#/components/ui/button';
import { EmptyState } from '#/components/ui/empty-state';
import { Item, ItemContent, ItemList } from '#/components/ui/item-list';
import { PageHeader } from '#/components/ui/page-header';
import { useDates } from '#/lib/i18n/use-dates';
import { WebhookFormDialog } from './form-webhook';
import { EventBadges, WebhookStatusBadge } from './webhook-badges';
import type { Webhook } from './webhooks.schema';
import { webhooksQuery, type WebhookScope } from './webhooks.queries';

// The whole card opens the endpoint: its address is the link, stretched over it.
const linkClass = 'self-start font-mono font-medium underline-offset-2 after:absolute after:inset-0 after:rounded-lg hover:underline';

function EndpointLink({ scope, webhook }: { scope: WebhookScope; webhook: Webhook }) {
  const url = <UrlText url={webhook.url} />;
  return scope.slug ? (
    <Link to="/app/organizations/$slug/webhooks/$id" params={{ slug: scope.slug, id: webhook.id }} className={linkClass}>
      {url}
    </Link>
  ) : (
    <Link to="/manager/webhooks/$id" params={{ id: webhook.id }} className={linkClass}>
      {url}
    </Link>
  );
}

/** The product's endpoints have a page of their own; an organisation's are a tab under its name. */
function Header({ scope, actions }: { scope: WebhookScope; actions: ReactNode }) {
  const { t } = useTranslation('webhooks');
  if (!scope.slug) return <PageHeader title={t('title')} description={t('description')} actions={actions} />;
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <p className="max-w-prose text-muted-foreground">{t('organization.description')}</p>
      {actions}
    </div>
  );
}

export function WebhookList({ scope, canManage }: { scope: WebhookScope; canManage: boolean }) {
  const { t } = useTranslation('webhooks');
  const dates = useDates();
  const { data: webhooks } = useSuspenseQuery(webhooksQuery(scope));
  const [adding, setAdding] = useState(false);
  // A new dialog each time it opens: an empty form, no secret of the last endpoint.
  const [opening, setOpening] = useState(0);

  return (
    <div className="flex w-full flex-col gap-4">
      <Header
        scope={scope}
        actions={
          canManage && (
            <Button
              onClick={() => {
                setOpening((n) => n + 1);
                setAdding(true);
              }}
            >
              <PlusIcon aria-hidden />
              {t('add')}
            </Button>
          )
        }
      />
      {webhooks.length === 0 ? (
        <EmptyState
          icon={<WebhookIcon />}
          title={t('empty.title')}
          description={scope.slug ? t('organization.emptyDescription') : t('empty.description')}
        />
      ) : (
        <ItemList data-testid="webhooks">
          {webhooks.map((webhook) => (
            <Item key={webhook.id} data-testid="webhook" className="relative flex-wrap hover:bg-muted/50">
              <WebhookIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <ItemContent className="basis-64 gap-1.5">
                <EndpointLink scope={scope} webhook={webhook} />
                {webhook.description && (
                  <p dir="auto" className="text-muted-foreground wrap-anywhere">
                    {webhook.description}
                  </p>
                )}
                <EventBadges events={webhook.events} />
              </ItemContent>
              <div className="flex flex-col items-start gap-1 sm:items-end">
                <WebhookStatusBadge webhook={webhook} />
                <span className="text-xs text-muted-foreground">
                  {t('fields.added', { date: dates.date(webhook.createdAt, { dateStyle: 'medium' }) })}
                </span>
              </div>
            </Item>
          ))}
        </ItemList>
      )}
      {canManage && <WebhookFormDialog key={opening} scope={scope} open={adding} onClose={() => setAdding(false)} />}
    </div>
  );
}

/** An organisation's tab: its owners only are shown it, and may do everything there. */
export function OrganizationWebhooks({ slug }: { slug: string }) {
  return <WebhookList scope={{ slug }} canManage />;
}
