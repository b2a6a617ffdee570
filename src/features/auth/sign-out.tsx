import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { Button } from '#/components/ui/button';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { refreshSession } from './session';

export function SignOutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const signOut = async () => {
    setPending(true);
    // The auth client loads when needed: the dialog is part of the manager's layout on every page.
    const { authClient } = await import('./auth-client');
    const { error } = await authClient.signOut();
    setPending(false);
    if (error) {
      toast.error(t('signOut.failed'));
      return;
    }
    onOpenChange(false);
    queryClient.clear();
    await refreshSession(queryClient);
    // To the sign-in page first: invalidating the signed-in page where one stands would rerun its
    // guard, whose redirect (to /login?redirect=…) raced this navigation. Then no signed-in page's
    // data stays cached for Back.
    await navigate({ to: '/login' });
    await router.invalidate();
  };

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('signOut.title')}
      description={t('signOut.description')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button variant="destructive" disabled={pending} onClick={() => void signOut()}>
            {t('signOut.confirm')}
          </Button>
        </>
      }
    />
  );
}
