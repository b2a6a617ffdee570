/** An endpoint, its controls, and its delivery log: the manager's (the product's endpoints) and an organisation's. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, useSuspenseQuery, type InfiniteData } from '@tanstack/react-query';
import { SendIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UrlText } from '#/components/url-text';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { DangerZone } from '#/components/danger-zone';
import { Button } from '#/components/ui/button';
import { EmptyState } from '#/components/ui/empty-state';
import { Item, ItemContent, ItemDetails, ItemList } from '#/components/ui/item-list';
import { NoValue } from '#/components/ui/no-value';
import { PageHeader, type Crumb } from '#/components/ui/page-header';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#/components/ui/table';
import { toast } from '#/components/ui/toast';
import { orpc, reasonDescription } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { useDates } from '#/lib/i18n/use-dates';
import { isolated } from '#/lib/text';
import { useIsDesktop } from '#/lib/use-media-query';
import { DELIVERY_PROBLEMS, type DeliveryProblem } from '#/lib/webhook-events';
import { WebhookFormDialog } from './form-webhook';
import { DeliveryStatusBadge, EventBadges, useEventName, WebhookStatusBadge } from './webhook-badges';
import type { WebhookDelivery } from './webhooks.schema';
import { deliveriesInfiniteQuery, webhookCalls, webhookQuery, type WebhookScope } from './webhooks.queries';

/** While a delivery is on its way, the log is read again this often, so the person sees it arrive. */
const POLL_MS = 2_000;

type Deliveries = InfiniteData<{ items: WebhookDelivery[] }>;
const anyPending = (data: Deliveries | undefined) => Boolean(data?.pages.some((page) => page.items.some((d) => d.status === 'pending')));

/** The exact body, indented; as sent when it is not JSON. */
function pretty(body: string) {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** A write with a toast either way; a global refusal (demo mode) is left to its handler. */
function useEndpointAction<V>(
  run: (variables: V) => Promise<unknown>,
  messages: { success: string | ((variables: V) => string); failure: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onError: (error) => {
      if (!handledGlobally(error)) toast.error(messages.failure, reasonDescription(error));
    },
    onSuccess: async (_, variables) => {
      toast.success(typeof messages.success === 'string' ? messages.success : messages.success(variables));
      await queryClient.invalidateQueries({ queryKey: orpc.webhooks.key() });
    },
  });
}

function DeliveryDialog({ delivery, onClose }: { delivery: WebhookDelivery | undefined; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const dates = useDates();
  const eventName = useEventName();
  return (
    <ResponsiveDialog
      open={Boolean(delivery)}
      onOpenChange={(open) => !open && onClose()}
      title={t('deliveries.detailTitle')}
      className="sm:max-w-2xl"
    >
      {delivery && (
        <div className="flex min-h-0 flex-col gap-4 text-sm" data-testid="webhook-delivery-detail">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
            <dt className="text-muted-foreground">{t('deliveries.id')}</dt>
            <dd>
              <code dir="ltr" className="font-mono text-xs break-all">
                {delivery.id}
              </code>
            </dd>
            <dt className="text-muted-foreground">{t('deliveries.columns.event')}</dt>
            <dd>{eventName(delivery.event)}</dd>
            <dt className="text-muted-foreground">{t('deliveries.columns.status')}</dt>
            <dd>
              <DeliveryStatusBadge status={delivery.status} />
            </dd>
            <dt className="text-muted-foreground">{t('deliveries.queued')}</dt>
            <dd>{dates.dateTime(delivery.createdAt)}</dd>
            <dt className="text-muted-foreground">{t('deliveries.columns.lastAttempt')}</dt>
            <dd>{delivery.lastAttemptAt ? dates.dateTime(delivery.lastAttemptAt) : <NoValue />}</dd>
          </dl>
          <div className="flex min-h-0 flex-col gap-1">
            <p className="font-semibold">{t('deliveries.body')}</p>
            <pre
              dir="ltr"
              data-testid="webhook-delivery-body"
              className="max-h-[50dvh] overflow-auto rounded-md border bg-muted/50 p-3 text-start font-mono text-xs whitespace-pre"
            >
              {pretty(delivery.body)}
            </pre>
          </div>
        </div>
      )}
    </ResponsiveDialog>
  );
}

function DeliveryLog({ scope, id, enabled, canManage }: { scope: WebhookScope; id: string; enabled: boolean; canManage: boolean }) {
  const { t } = useTranslation(['webhooks', 'common']);
  const dates = useDates();
  const eventName = useEventName();
  const desktop = useIsDesktop();
  // A switched-off endpoint's pending deliveries wait for a resend: nothing to watch.
  const query = useInfiniteQuery({
    ...deliveriesInfiniteQuery(scope, id),
    refetchInterval: (q) => (enabled && anyPending(q.state.data) ? POLL_MS : false),
  });
  // The endpoint's status follows its deliveries (failing once one gives up): read again with them.
  useQuery({ ...webhookQuery(scope, id), refetchInterval: enabled && anyPending(query.data) ? POLL_MS : false });
  const [shownId, setShownId] = useState<string | null>(null);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  // Looked up in the log as read last, so an open delivery shows its latest attempt.
  const shown = shownId ? items.find((d) => d.id === shownId) : undefined;

  const resend = useEndpointAction((deliveryId: string) => webhookCalls(scope).resend(id, deliveryId), {
    success: t('deliveries.resent'),
    failure: t('deliveries.resendFailed'),
  });

  const response = (d: WebhookDelivery): ReactNode =>
    d.responseStatus !== null ? (
      <code dir="ltr" className="font-mono">
        {d.responseStatus}
      </code>
    ) : d.error ? (
      <bdi className="wrap-anywhere text-destructive">
        {/* An older row may hold the socket's own words. */}
        {(DELIVERY_PROBLEMS as readonly string[]).includes(d.error) ? t(`errors.${d.error as DeliveryProblem}`) : d.error}
      </bdi>
    ) : (
      <NoValue />
    );
  const time = (d: WebhookDelivery) => (d.responseMs !== null ? t('deliveries.ms', { ms: d.responseMs }) : <NoValue />);
  const lastAttempt = (d: WebhookDelivery) => (d.lastAttemptAt ? dates.dateTime(d.lastAttemptAt) : <NoValue />);
  const actions = (d: WebhookDelivery) => (
    <span className="flex flex-wrap gap-2 sm:justify-end">
      <Button variant="secondary" size="sm" onClick={() => setShownId(d.id)}>
        {t('deliveries.viewBody')}
      </Button>
      {canManage && (
        <Button variant="secondary" size="sm" disabled={!enabled || resend.isPending} onClick={() => resend.mutate(d.id)}>
          {t('deliveries.resend')}
        </Button>
      )}
    </span>
  );

  return (
    <section aria-labelledby="webhook-deliveries" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="webhook-deliveries" className="text-lg font-semibold">
          {t('deliveries.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('deliveries.description')}</p>
      </div>
      {items.length === 0 ? (
        <EmptyState icon={<SendIcon />} title={t('deliveries.empty')} description={t('deliveries.emptyHelp')} />
      ) : desktop ? (
        <Table data-testid="webhook-deliveries">
          <TableHeader>
            <TableRow>
              {(['event', 'status', 'attempts', 'response', 'responseTime', 'lastAttempt'] as const).map((column) => (
                <TableHead key={column} scope="col">
                  {t(`deliveries.columns.${column}`)}
                </TableHead>
              ))}
              <TableHead scope="col">
                <span className="sr-only">{t('deliveries.columns.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((d) => (
              <TableRow key={d.id} data-testid="webhook-delivery">
                <TableCell className="font-medium">{eventName(d.event)}</TableCell>
                <TableCell>
                  <DeliveryStatusBadge status={d.status} />
                </TableCell>
                <TableCell>{d.attempts}</TableCell>
                <TableCell className="max-w-64">{response(d)}</TableCell>
                <TableCell className="whitespace-nowrap">{time(d)}</TableCell>
                <TableCell className="whitespace-nowrap">{lastAttempt(d)}</TableCell>
                <TableCell className="text-end">{actions(d)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <ItemList data-testid="webhook-deliveries">
          {items.map((d) => (
            <Item key={d.id} data-testid="webhook-delivery" layout="column" className="gap-2">
              <ItemContent>
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{eventName(d.event)}</span>
                  <DeliveryStatusBadge status={d.status} />
                </span>
                <ItemDetails
                  details={[
                    { label: t('deliveries.columns.attempts'), value: d.attempts },
                    { label: t('deliveries.columns.response'), value: response(d) },
                    { label: t('deliveries.columns.responseTime'), value: time(d) },
                    { label: t('deliveries.columns.lastAttempt'), value: lastAttempt(d) },
                  ]}
                />
              </ItemContent>
              {actions(d)}
            </Item>
          ))}
        </ItemList>
      )}
      {query.hasNextPage && (
        <div>
          <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('list.loadMore', { ns: 'common' })}
          </Button>
        </div>
      )}
      <DeliveryDialog delivery={shown} onClose={() => setShownId(null)} />
    </section>
  );
}

export function WebhookDetail({
  scope,
  id,
  canManage,
  crumbs,
  onDeleted,
}: {
  scope: WebhookScope;
  id: string;
  canManage: boolean;
  /** The pages above this one: the last is its list. */
  crumbs: Crumb[];
  /** Leaves for the list. */
  onDeleted: () => Promise<unknown>;
}) {
  const { t } = useTranslation(['webhooks', 'tables']);
  const dates = useDates();
  const { data: webhook } = useSuspenseQuery(webhookQuery(scope, id));
  const [editing, setEditing] = useState(false);
  // A new form each time it opens, filled with the endpoint as it is then.
  const [opening, setOpening] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();

  const calls = webhookCalls(scope);
  const sendTest = useEndpointAction(() => calls.test(id), {
    success: t('endpoint.testSent'),
    failure: t('endpoint.testFailed'),
  });
  const toggle = useEndpointAction((enabled: boolean) => calls.update({ id, enabled }), {
    success: (enabled) => (enabled ? t('endpoint.turnedOn') : t('endpoint.turnedOff')),
    failure: t('endpoint.toggleFailed'),
  });
  const remove = useMutation({
    mutationFn: () => calls.delete(id),
    onSettled: () => setConfirming(false),
    onError: (error) => {
      if (!handledGlobally(error)) toast.error(t('endpoint.deleteFailed'), reasonDescription(error));
    },
    onSuccess: async () => {
      toast.success(t('endpoint.deleted'));
      // Leave first: refreshing while this page shows would fetch the deleted endpoint again (a 404, retried).
      await onDeleted();
      queryClient.removeQueries({ queryKey: webhookQuery(scope, id).queryKey });
      queryClient.removeQueries({ queryKey: deliveriesInfiniteQuery(scope, id).queryKey });
      await queryClient.invalidateQueries({ queryKey: orpc.webhooks.key() });
    },
  });

  return (
    <article className="flex w-full max-w-5xl flex-col gap-6">
      <PageHeader
        crumbs={[
          ...crumbs,
          {
            label: (
              <bdi dir="ltr" className="font-mono">
                {webhook.url}
              </bdi>
            ),
          },
        ]}
        breadcrumbLabel={t('breadcrumb', { ns: 'tables' })}
        title={<UrlText url={webhook.url} className="font-mono text-xl" />}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <WebhookStatusBadge webhook={webhook} />
            {t('fields.added', { date: dates.date(webhook.createdAt, { dateStyle: 'medium' }) })}
          </span>
        }
        actions={
          canManage && (
            <>
              <Button variant="secondary" disabled={!webhook.enabled || sendTest.isPending} onClick={() => sendTest.mutate(undefined)}>
                <SendIcon aria-hidden className="rtl:-scale-x-100" />
                {t('endpoint.sendTest')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setOpening((n) => n + 1);
                  setEditing(true);
                }}
              >
                {t('endpoint.edit')}
              </Button>
              <Button variant="secondary" disabled={toggle.isPending} onClick={() => toggle.mutate(!webhook.enabled)}>
                {webhook.enabled ? t('endpoint.turnOff') : t('endpoint.turnOn')}
              </Button>
            </>
          )
        }
      />
      {!webhook.enabled && <p className="rounded-lg border bg-muted/50 p-3 text-sm text-muted-foreground">{t('endpoint.offNote')}</p>}
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border p-4 text-sm sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <dt className="text-muted-foreground">{t('fields.events')}</dt>
          <dd>
            <EventBadges events={webhook.events} />
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-muted-foreground">{t('fields.description')}</dt>
          <dd dir="auto" className="wrap-anywhere">
            {webhook.description || <NoValue />}
          </dd>
        </div>
      </dl>
      <DeliveryLog scope={scope} id={id} enabled={webhook.enabled} canManage={canManage} />
      {canManage && (
        <DangerZone description={t('endpoint.dangerZoneDescription')}>
          <Button variant="destructive" onClick={() => setConfirming(true)}>
            {t('endpoint.delete')}
          </Button>
        </DangerZone>
      )}
      {canManage && <WebhookFormDialog key={opening} scope={scope} webhook={webhook} open={editing} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('endpoint.deleteTitle', { url: isolated(webhook.url) })}
        description={t('endpoint.deleteDescription')}
        confirmLabel={t('endpoint.delete')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </article>
  );
}
