/** A user's page, Activity tab: the latest events they caused, and the way to all of them in the audit log. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { HistoryIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '#/components/ui/button';
import { EmptyState } from '#/components/ui/empty-state';
import { useDates } from '#/lib/i18n/use-dates';
import { userActivityQuery } from './users.queries';

export function UserActivity({ userId }: { userId: string }) {
  const { t } = useTranslation(['users', 'audit']);
  const dates = useDates();
  const { data, isSuccess } = useQuery(userActivityQuery(userId));
  const items = data?.items ?? [];
  return (
    <section aria-labelledby="user-activity" className="flex flex-col gap-3" data-testid="user-activity">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="user-activity" className="text-lg font-semibold">
          {t('detail.activityTitle')}
        </h2>
        <Link to="/manager/audit" search={{ actorId: userId }} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          {t('detail.allActivity')}
        </Link>
      </div>
      {isSuccess && !items.length ? (
        <EmptyState icon={<HistoryIcon />} title={t('detail.noActivity')} />
      ) : (
        <ol className="flex flex-col divide-y rounded-lg border text-sm">
          {items.map((event) => (
            <li
              key={event.id}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3"
              data-testid="user-activity-event"
            >
              <span className="flex flex-col">
                <span className="font-medium">
                  {t(`actions.${event.action}` as 'actions.auth.sign-in', { ns: 'audit', defaultValue: event.action })}
                </span>
                {event.targetLabel && <bdi className="text-muted-foreground">{event.targetLabel}</bdi>}
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
        </ol>
      )}
    </section>
  );
}
