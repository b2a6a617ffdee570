// The last admin is refused by the server.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { Button } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { DangerZone } from '#/components/danger-zone';
import { authCall, authClient, type AuthCallError } from '#/features/auth/auth-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { withRecentSignIn } from '#/lib/reauthentication-events';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';

export function DeleteAccount({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const errorMessage = useAuthErrorMessage();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim().toLowerCase() === email.toLowerCase();
  const remove = useMutation({
    mutationFn: () => withRecentSignIn(() => authCall(authClient.deleteUser({}))),
    onSuccess: () => {
      toast.success(t('deleteAccount.deleted'));
      window.location.assign('/login');
    },
    onError: (error: AuthCallError) => {
      setOpen(false);
      if (!handledGlobally(error)) toast.error(t('deleteAccount.failed'), { description: errorMessage(error) });
    },
  });

  return (
    <DangerZone layout="settings" description={t('deleteAccount.description')}>
      <Button
        variant="destructive"
        onClick={() => {
          setTyped('');
          setOpen(true);
        }}
      >
        {t('deleteAccount.button')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('deleteAccount.title')}
        description={t('deleteAccount.description')}
        confirmLabel={t('deleteAccount.confirm')}
        confirmDisabled={!confirmed || remove.isPending}
        onConfirm={() => remove.mutate()}
      >
        <form
          noValidate
          className="pb-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (confirmed) remove.mutate();
          }}
        >
          <Field label={t('deleteAccount.confirmLabel', { email })}>
            {(ids) => <Input {...ids} type="email" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />}
          </Field>
        </form>
      </ConfirmDialog>
    </DangerZone>
  );
}
