// Every row is the signed-in person, so a row shows its kind of device, not their avatar.
import { SettingsSection } from '#/components/settings-section';
import { useState, type ReactNode } from 'react';
import { MonitorSmartphoneIcon } from 'lucide-react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { SessionList } from '#/components/session-list';
import { toast } from '#/components/ui/toast';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { authCall, authClient, type AuthCallError } from '#/features/auth/auth-client';
import { orpc } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';
import { useDates } from '#/lib/i18n/use-dates';
import { mySessionsQuery } from './account.queries';
import { TrustedDevices } from './trusted-devices';

export function OwnSessions() {
  const { t } = useTranslation('account');
  const dates = useDates();
  const errorMessage = useAuthErrorMessage();
  const queryClient = useQueryClient();
  const { data: sessions } = useSuspenseQuery(mySessionsQuery);
  const [dialog, setDialog] = useState<'others' | 'everywhere' | { id: string; device: string } | null>(null);
  const when = (date: Date) => dates.date(date, { dateStyle: 'medium', timeStyle: 'short' });
  const failed = (message: string) => (error: AuthCallError) => {
    if (!handledGlobally(error)) toast.error(message, { description: errorMessage(error) });
  };

  const signOutOthers = useMutation({
    mutationFn: () => authCall(authClient.revokeOtherSessions()),
    onSuccess: async () => {
      setDialog(null);
      toast.success(t('sessions.othersSignedOut'));
      await queryClient.invalidateQueries({ queryKey: mySessionsQuery.queryKey });
    },
    onError: failed(t('sessions.signOutOthersFailed')),
  });
  const signOutOne = useMutation({
    mutationFn: (id: string) => orpc.account.revokeSession.call({ id }),
    onSuccess: async () => {
      setDialog(null);
      toast.success(t('sessions.signedOutOne'));
      await queryClient.invalidateQueries({ queryKey: mySessionsQuery.queryKey });
    },
    onError: failed(t('sessions.signOutOneFailed')),
  });
  const signOutEverywhere = useMutation({
    mutationFn: () => authCall(authClient.revokeSessions()),
    // A full load: nothing of the signed-in user stays in memory.
    onSuccess: () => window.location.assign('/login'),
    onError: failed(t('sessions.signOutEverywhereFailed')),
  });

  const deviceName = (session: (typeof sessions)[number]) => session.device ?? t('sessions.unknownDevice');
  const device = (session: (typeof sessions)[number]): ReactNode => (
    <span className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
      <MonitorSmartphoneIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <bdi>{deviceName(session)}</bdi>
      {session.current && <Badge variant="info">{t('sessions.current')}</Badge>}
      {session.impersonated && <Badge variant="warning">{t('sessions.impersonation')}</Badge>}
    </span>
  );

  // This device signs out with 'Sign out'.
  const signOutButton = (session: (typeof sessions)[number]) =>
    session.current ? null : (
      <Button
        variant="secondary"
        size="sm"
        aria-label={t('sessions.signOutDevice', { device: deviceName(session) })}
        disabled={signOutOne.isPending}
        onClick={() => setDialog({ id: session.id, device: deviceName(session) })}
      >
        {t('sessions.signOutOne')}
      </Button>
    );

  return (
    <SettingsSection id="own-sessions" title={t('sessions.title')} description={t('sessions.description')}>
      <SessionList
        testId="own-session"
        actions
        labels={{
          device: t('sessions.device'),
          ipAddress: t('sessions.ipAddress'),
          lastActive: t('sessions.lastActive'),
          actions: t('sessions.actions'),
        }}
        rows={sessions.map((session) => ({
          id: session.id,
          device: device(session),
          ipAddress: session.ipAddress,
          lastActive: when(session.lastActiveAt),
          action: signOutButton(session),
        }))}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={signOutOthers.isPending || sessions.length < 2} onClick={() => setDialog('others')}>
          {t('sessions.signOutOthers')}
        </Button>
        <Button
          variant="secondary"
          disabled={signOutEverywhere.isPending || signOutEverywhere.isSuccess}
          onClick={() => setDialog('everywhere')}
        >
          {t('sessions.signOutEverywhere')}
        </Button>
      </div>
      <TrustedDevices />
      <ConfirmDialog
        open={typeof dialog === 'object' && dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t('sessions.signOutOneTitle')}
        description={t('sessions.signOutOneDescription', { device: typeof dialog === 'object' && dialog ? dialog.device : '' })}
        confirmLabel={t('sessions.signOutOne')}
        pending={signOutOne.isPending}
        onConfirm={() => typeof dialog === 'object' && dialog && signOutOne.mutate(dialog.id)}
      />
      <ConfirmDialog
        open={dialog === 'others'}
        onOpenChange={(open) => setDialog(open ? 'others' : null)}
        title={t('sessions.signOutOthersTitle')}
        description={t('sessions.signOutOthersDescription')}
        confirmLabel={t('sessions.signOutOthers')}
        pending={signOutOthers.isPending}
        onConfirm={() => signOutOthers.mutate()}
      />
      <ConfirmDialog
        open={dialog === 'everywhere'}
        onOpenChange={(open) => setDialog(open ? 'everywhere' : null)}
        title={t('sessions.signOutEverywhereTitle')}
        description={t('sessions.signOutEverywhereDescription')}
        confirmLabel={t('sessions.signOutEverywhere')}
        // Until the page has left for /login.
        pending={signOutEverywhere.isPending || signOutEverywhere.isSuccess}
        onConfirm={() => signOutEverywhere.mutate()}
      />
    </SettingsSection>
  );
}
