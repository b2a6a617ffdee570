import { useState, type ReactNode } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { SessionList } from '#/components/session-list';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { EmptyState } from '#/components/ui/empty-state';
import { MonitorSmartphoneIcon } from 'lucide-react';
import { authCall, authClient } from '#/features/auth/auth-client';
import { usePermission } from '#/features/auth/use-permission';
import { orpc } from '#/lib/api-client';
import { useDates } from '#/lib/i18n/use-dates';
import { useAdminAction } from './use-admin-action';
import type { ManagedUser } from './users.schema';
import { userSessionsQuery } from './users.queries';

export function UserSessions({ user }: { user: Pick<ManagedUser, 'id' | 'name' | 'email' | 'image'> }) {
  const userId = user.id;
  const { t } = useTranslation('users');
  const dates = useDates();
  const { data: sessions } = useSuspenseQuery(userSessionsQuery(userId));
  const canRevoke = usePermission({ session: ['revoke'] });
  const [asking, setAsking] = useState<{ sessionId: string } | 'all' | null>(null);
  const when = (date: Date) => dates.date(date, { dateStyle: 'medium', timeStyle: 'short' });

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

  type Session = (typeof sessions)[number];
  const device = (session: Session): ReactNode => (
    <span className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
      <MonitorSmartphoneIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <bdi>{session.device ?? t('sessions.unknownDevice')}</bdi>
      {session.impersonatedBy && <Badge variant="warning">{t('status.impersonation')}</Badge>}
    </span>
  );
  const times = (session: Session) =>
    `${t('sessions.created')}: ${when(session.createdAt)} · ${t('sessions.expires')}: ${when(session.expiresAt)}`;
  const token = (session: Session) => (
    <code data-testid="session-token" dir="ltr">
      {session.shortToken}
    </code>
  );
  const revokeButton = (session: Session) => (
    <Button variant="secondary" size="sm" disabled={revoke.isPending} onClick={() => setAsking({ sessionId: session.id })}>
      {t('sessions.revoke')}
    </Button>
  );

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
        <EmptyState icon={<MonitorSmartphoneIcon />} title={t('sessions.empty')} />
      ) : (
        <SessionList
          testId="user-session"
          actions={canRevoke}
          labels={{
            device: t('sessions.device'),
            ipAddress: t('sessions.ipAddress'),
            lastActive: t('sessions.lastActive'),
            token: t('sessions.token'),
            actions: t('sessions.actions'),
          }}
          rows={sessions.map((session) => ({
            id: session.id,
            device: device(session),
            ipAddress: session.ipAddress,
            lastActive: when(session.updatedAt),
            lastActiveTitle: times(session),
            token: token(session),
            action: revokeButton(session),
          }))}
        />
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
