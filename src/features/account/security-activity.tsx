import { ShieldCheckIcon } from 'lucide-react';
// The server decides what is the user's own.
import { SettingsSection } from '#/components/settings-section';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import type { AuditEvent } from '#/features/audit/audit.schema';
import { useDates } from '#/lib/i18n/use-dates';
import { ownActivityQuery } from './account.queries';
import { EmptyState } from '#/components/ui/empty-state';

/** How many of the newest events the section shows before View all. */
const LATEST = 5;

/** Shown when it was not the user alone: an administrator acting as them, or on their account. */
function By({ event, userId }: { event: AuditEvent; userId: string }) {
  const { t } = useTranslation('audit');
  const name = event.impersonatorId ? event.impersonatorName : event.actorId && event.actorId !== userId ? event.actorName : null;
  if (!name) return null;
  return (
    <span className="text-muted-foreground">
      {' '}
      <bdi>{t('security.byAdmin', { name })}</bdi>
    </span>
  );
}

export function SecurityActivity({ userId }: { userId: string }) {
  const { t } = useTranslation('audit');
  const dates = useDates();
  const query = useInfiniteQuery(ownActivityQuery);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  // The latest few; View all shows the rest, and Show more the pages after them.
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, LATEST);
  const more = !all && (items.length > LATEST || query.hasNextPage);
  return (
    <SettingsSection
      id="security-activity"
      data-testid="security-activity"
      title={t('security.title')}
      description={t('security.description')}
    >
      {query.isSuccess && !items.length && <EmptyState icon={<ShieldCheckIcon />} title={t('security.empty')} />}
      <ul id="security-activity-list" data-testid="security-activity-list" className="flex flex-col gap-2 text-sm">
        {shown.map((event) => (
          <li key={event.id} className="flex flex-wrap justify-between gap-x-4">
            <span>
              {t(`actions.${event.action}` as 'actions.auth.sign-in', { defaultValue: event.action })}
              <By event={event} userId={userId} />
            </span>
            <span className="text-muted-foreground">
              {dates.dateTime(event.createdAt)}
              {event.ipAddress && (
                <>
                  {' · '}
                  <bdi>{event.ipAddress}</bdi>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
      {more && (
        <div>
          <Button variant="secondary" aria-controls="security-activity-list" onClick={() => setAll(true)}>
            {t('security.viewAll')}
          </Button>
        </div>
      )}
      {all && query.hasNextPage && (
        <div>
          <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('security.loadMore')}
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}
