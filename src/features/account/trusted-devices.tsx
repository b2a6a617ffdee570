// "Trust this device for 30 days" (docs/decisions/094-a-second-factor-on-every-way-in.md): the browsers that
// skip the second factor's step, each revocable. Shown under the sessions, only when there is one.
import { useState } from 'react';
import { ShieldCheckIcon } from 'lucide-react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { toast } from '#/components/ui/toast';
import type { AuthCallError } from '#/features/auth/auth-client';
import { orpc } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';
import { useDates } from '#/lib/i18n/use-dates';
import { myTrustedDevicesQuery, ownActivityQuery } from './account.queries';

export function TrustedDevices() {
  const { t } = useTranslation('account');
  const dates = useDates();
  const errorMessage = useAuthErrorMessage();
  const queryClient = useQueryClient();
  const { data: devices } = useSuspenseQuery(myTrustedDevicesQuery);
  const [revoking, setRevoking] = useState<string | null>(null);
  const revoke = useMutation({
    mutationFn: (id: string) => orpc.account.revokeTrustedDevice.call({ id }),
    onSuccess: async () => {
      setRevoking(null);
      toast.success(t('trustedDevices.revoked'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myTrustedDevicesQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: ownActivityQuery.queryKey }),
      ]);
    },
    onError: (error: AuthCallError) => {
      if (!handledGlobally(error)) toast.error(t('trustedDevices.revokeFailed'), { description: errorMessage(error) });
    },
  });
  if (!devices.length) return null;
  const day = (date: Date) => dates.date(date, { dateStyle: 'medium' });

  return (
    <div className="flex flex-col gap-2 border-t pt-3">
      <h3 className="text-sm font-semibold">{t('trustedDevices.title')}</h3>
      <p className="text-sm text-muted-foreground">{t('trustedDevices.description')}</p>
      <ul className="flex flex-col divide-y rounded-md border" aria-label={t('trustedDevices.title')}>
        {devices.map((device) => (
          <li key={device.id} data-testid="trusted-device" className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="flex min-w-0 flex-wrap items-center gap-2">
              <ShieldCheckIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              <span>{t('trustedDevices.until', { signedIn: day(device.trustedAt), until: day(device.trustedUntil) })}</span>
              {device.current && <Badge variant="info">{t('trustedDevices.current')}</Badge>}
            </span>
            <Button variant="secondary" size="sm" disabled={revoke.isPending} onClick={() => setRevoking(device.id)}>
              {t('trustedDevices.revoke')}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('trustedDevices.revokeTitle')}
        description={t('trustedDevices.revokeDescription')}
        confirmLabel={t('trustedDevices.revoke')}
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </div>
  );
}
