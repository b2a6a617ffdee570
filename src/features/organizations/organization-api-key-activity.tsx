// What one of an organisation's API keys did (issue #58): the audit events made through it, newest first, for the
// organisation's owners and admins (`audit.organizationKey`, src/features/audit/audit.router.ts).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { orpc } from '#/lib/api-client';
import { useDates } from '#/lib/i18n/use-dates';
import { isolated } from '#/lib/text';

export function OrganizationApiKeyActivity({
  slug,
  apiKey,
  open,
  onOpenChange,
}: {
  slug: string;
  apiKey: { id: string; name: string } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('account');
  const dates = useDates();
  const query = useInfiniteQuery({
    ...orpc.audit.organizationKey.infiniteOptions({
      input: (cursor: string | null) => ({ slug, id: apiKey?.id ?? '', ...(cursor ? { cursor } : {}) }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
    enabled: open && Boolean(apiKey),
  });
  const events = query.data?.pages.flatMap((page) => page.items) ?? [];
  const name = apiKey?.name || t('apiKeys.defaultName');

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('apiKeys.activityTitle', { name: isolated(name) })}
      description={t('apiKeys.activityDescription')}
    >
      {query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('apiKeys.activityFailed')}
        </p>
      ) : query.isSuccess && events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('apiKeys.activityEmpty')}</p>
      ) : (
        <ul data-testid="api-key-activity" className="flex flex-col divide-y text-sm">
          {events.map((event) => (
            <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <span className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">
                  {t(`actions.${event.action}` as 'actions.auth.sign-in', { ns: 'audit', defaultValue: event.action })}
                </span>
                {event.targetLabel && <bdi className="break-words text-muted-foreground">{event.targetLabel}</bdi>}
                {event.details?.via === 'mcp' && <Badge variant="info">{t('apiKeys.viaMcp')}</Badge>}
              </span>
              <span className="text-muted-foreground">{dates.dateTime(event.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <div>
          <Button variant="secondary" size="sm" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('list.loadMore', { ns: 'common' })}
          </Button>
        </div>
      )}
    </ResponsiveDialog>
  );
}
