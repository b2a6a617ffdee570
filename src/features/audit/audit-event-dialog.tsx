import { useTranslation } from 'react-i18next';
import { Avatar } from '#/components/ui/avatar';
import { NoValue } from '#/components/ui/no-value';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { useDates } from '#/lib/i18n/use-dates';
import { apiKeyOf, type AuditEvent } from './audit.schema';

const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : typeof value === 'string' ? value : JSON.stringify(value);

export function AuditEventDialog({ event, onClose }: { event: AuditEvent | null; onClose: () => void }) {
  const { t } = useTranslation('audit');
  const dates = useDates();
  const changes = Object.entries(event?.changes ?? {});
  // The key has its own line.
  const details = Object.entries(event?.details ?? {}).filter(([key]) => key !== 'apiKey');
  return (
    <ResponsiveDialog open={Boolean(event)} onOpenChange={(open) => !open && onClose()} title={t('detail.title')}>
      {event && (
        <div className="flex flex-col gap-4 text-sm" data-testid="audit-event">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="text-muted-foreground">{t('detail.time')}</dt>
            <dd>{dates.dateTime(event.createdAt)}</dd>
            <dt className="text-muted-foreground">{t('detail.action')}</dt>
            <dd>{t(`actions.${event.action}` as 'actions.auth.sign-in', { defaultValue: event.action })}</dd>
            <dt className="text-muted-foreground">{t('detail.actor')}</dt>
            <dd className="flex items-center gap-2">
              {event.actorId && <Avatar id={event.actorId} name={event.actorName} src={event.actorImage} size="sm" />}
              <bdi>{event.actorName ?? t('anonymous')}</bdi>
            </dd>
            {apiKeyOf(event) && (
              <>
                <dt className="text-muted-foreground">{t('detail.apiKey')}</dt>
                <dd>
                  <bdi>{apiKeyOf(event)!.name}</bdi>
                </dd>
              </>
            )}
            {event.impersonatorId && (
              <>
                <dt className="text-muted-foreground">{t('detail.impersonator')}</dt>
                <dd>
                  <bdi>{event.impersonatorName ?? event.impersonatorId}</bdi>
                </dd>
              </>
            )}
            {event.targetType && (
              <>
                <dt className="text-muted-foreground">{t('detail.target')}</dt>
                <dd>
                  {t(`targetTypes.${event.targetType}` as 'targetTypes.user', { defaultValue: event.targetType })}{' '}
                  <bdi>{event.targetLabel ?? event.targetId}</bdi>
                </dd>
              </>
            )}
            <dt className="text-muted-foreground">{t('detail.address')}</dt>
            <dd>{event.ipAddress ? <bdi>{event.ipAddress}</bdi> : <NoValue />}</dd>
            <dt className="text-muted-foreground">{t('detail.userAgent')}</dt>
            <dd className="break-all">{event.userAgent ? <bdi>{event.userAgent}</bdi> : <NoValue />}</dd>
          </dl>
          {changes.length > 0 && (
            <div className="overflow-x-auto">
              <table className="w-full text-start" data-testid="audit-changes">
                <caption className="mb-1 text-start font-semibold">{t('detail.changes')}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="p-1 text-start">
                      {t('detail.field')}
                    </th>
                    <th scope="col" className="p-1 text-start">
                      {t('detail.before')}
                    </th>
                    <th scope="col" className="p-1 text-start">
                      {t('detail.after')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {changes.map(([field, change]) => (
                    <tr key={field} className="border-t">
                      <th scope="row" className="p-1 text-start font-mono font-normal">
                        {field}
                      </th>
                      <td className="p-1 break-all">
                        <bdi>{show(change.before) ?? t('detail.empty')}</bdi>
                      </td>
                      <td className="p-1 break-all">
                        <bdi>{show(change.after) ?? t('detail.empty')}</bdi>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {details.length > 0 && (
            <div>
              <p className="mb-1 font-semibold">{t('detail.details')}</p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                {details.map(([key, value]) => (
                  <div key={key} className="contents">
                    <dt className="font-mono text-muted-foreground">{key}</dt>
                    <dd className="break-all">
                      <bdi>{show(value)}</bdi>
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
        </div>
      )}
    </ResponsiveDialog>
  );
}
