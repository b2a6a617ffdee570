/**
 * A user's sessions for the manager: shortened token, times, device, 'Revoke' and 'Revoke all',
 * each confirmed first (src/components/confirm-dialog.tsx).
 */
import { useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { authCall, authClient } from '#/features/auth/auth-client';
import { usePermission } from '#/features/auth/use-permission';
import { orpc } from '#/lib/api-client';
import { formatDate } from '#/lib/i18n/format';
import { useAdminAction } from './use-admin-action';
import { userSessionsQuery } from './users.queries';

export function UserSessions({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('users');
  const { data: sessions } = useSuspenseQuery(userSessionsQuery(userId));
  const canRevoke = usePermission({ session: ['revoke'] });
  // Which confirmation is open: one session's id, or every session.
  const [asking, setAsking] = useState<{ sessionId: string } | 'all' | null>(null);
  const when = (date: Date) => formatDate(date, i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const revoke = useAdminAction((sessionId: string) => orpc.users.revokeSession.call({ id: userId, sessionId }), {
    success: t('sessions.revoked'),
    failure: t('sessions.revokeFailed'),
    onSuccess: () => setAsking(null),
  });
  const revokeAll = useAdminAction(() => authCall(authClient.admin.revokeUserSessions({ userId })), {
    success: t('sessions.revokedAll'),
    failure: t('sessions.revokeAllFailed'),
    onSuccess: () => setAsking(null),
  });

  return (
    <section aria-labelledby="user-sessions" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="user-sessions" className="text-lg font-semibold">
          {t('sessions.title')}
        </h2>
        {canRevoke && sessions.length > 0 && (
          <Button variant="secondary" size="sm" disabled={revokeAll.isPending} onClick={() => setAsking('all')}>
            {t('sessions.revokeAll')}
          </Button>
        )}
      </div>
      {sessions.length === 0 ? (
        <p className="rounded-lg border border-dashed border-neutral-300 p-4 text-sm text-neutral-700 dark:border-neutral-700 dark:text-neutral-300">
          {t('sessions.empty')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-neutral-200 rounded-lg border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
          {sessions.map((session) => (
            <li key={session.id} data-testid="user-session" className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
                <dt className="text-neutral-600 dark:text-neutral-400">{t('sessions.token')}</dt>
                <dd className="flex items-center gap-2">
                  <code data-testid="session-token">{session.shortToken}</code>
                  {session.impersonatedBy && <Badge variant="warning">{t('status.impersonation')}</Badge>}
                </dd>
                <dt className="text-neutral-600 dark:text-neutral-400">{t('sessions.device')}</dt>
                <dd>
                  {session.device ?? t('sessions.unknownDevice')}
                  {session.ipAddress ? ` · ${session.ipAddress}` : ''}
                </dd>
                <dt className="text-neutral-600 dark:text-neutral-400">{t('sessions.created')}</dt>
                <dd>{when(session.createdAt)}</dd>
                <dt className="text-neutral-600 dark:text-neutral-400">{t('sessions.updated')}</dt>
                <dd>{when(session.updatedAt)}</dd>
                <dt className="text-neutral-600 dark:text-neutral-400">{t('sessions.expires')}</dt>
                <dd>{when(session.expiresAt)}</dd>
              </dl>
              {canRevoke && (
                <Button variant="secondary" size="sm" disabled={revoke.isPending} onClick={() => setAsking({ sessionId: session.id })}>
                  {t('sessions.revoke')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null && asking !== 'all'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t('sessions.revokeTitle')}
        description={t('sessions.revokeDescription')}
        confirmLabel={t('sessions.revoke')}
        pending={revoke.isPending}
        onConfirm={() => asking && asking !== 'all' && revoke.mutate(asking.sessionId)}
      />
      <ConfirmDialog
        open={asking === 'all'}
        onOpenChange={(open) => setAsking(open ? 'all' : null)}
        title={t('sessions.revokeAllTitle')}
        description={t('sessions.revokeAllDescription')}
        confirmLabel={t('sessions.revokeAll')}
        pending={revokeAll.isPending}
        onConfirm={() => revokeAll.mutate(undefined)}
      />
    </section>
  );
}
