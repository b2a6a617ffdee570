/**
 * 'Your sessions': where the user is signed in (device, IP, last active, this device marked),
 * 'Sign out other sessions' and 'Sign out everywhere' (then to /login), each confirmed first
 * (src/components/confirm-dialog.tsx).
 */
import { useState } from 'react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { toast } from '#/components/ui/toast';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { authCall, authClient, type AuthCallError } from '#/features/auth/auth-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';
import { formatDate } from '#/lib/i18n/format';
import { mySessionsQuery } from './account.queries';

export function OwnSessions() {
  const { t, i18n } = useTranslation('account');
  const errorMessage = useAuthErrorMessage();
  const queryClient = useQueryClient();
  const { data: sessions } = useSuspenseQuery(mySessionsQuery);
  const [dialog, setDialog] = useState<'others' | 'everywhere' | null>(null);
  const when = (date: Date) => formatDate(date, i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
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
  const signOutEverywhere = useMutation({
    mutationFn: () => authCall(authClient.revokeSessions()),
    // A full load: nothing of the signed-in user stays in memory.
    onSuccess: () => window.location.assign('/login'),
    onError: failed(t('sessions.signOutEverywhereFailed')),
  });

  return (
    <section
      aria-labelledby="own-sessions"
      className="flex flex-col gap-3 rounded-lg border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <h2 id="own-sessions" className="text-base font-semibold">
        {t('sessions.title')}
      </h2>
      <ul className="flex flex-col divide-y divide-neutral-200 dark:divide-neutral-800">
        {sessions.map((session) => (
          <li key={session.id} data-testid="own-session" className="flex flex-col gap-0.5 py-2 text-sm">
            <span className="flex flex-wrap items-center gap-2 font-medium">
              {session.device ?? t('sessions.unknownDevice')}
              {session.current && <Badge variant="info">{t('sessions.current')}</Badge>}
              {session.impersonated && <Badge variant="warning">{t('sessions.impersonation')}</Badge>}
            </span>
            <span className="text-neutral-700 dark:text-neutral-300">
              {[session.ipAddress, t('sessions.lastActive', { date: when(session.lastActiveAt) })].filter(Boolean).join(' · ')}
            </span>
          </li>
        ))}
      </ul>
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
    </section>
  );
}
