import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { Button } from '#/components/ui/button';
import type { AuthCallError } from './auth-client';
import type { SessionUser } from './auth.functions';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';
import { isolatedSentence } from '#/components/isolated-sentence';

export default function Banner({ user }: { user: SessionUser }) {
  const { t } = useTranslation('auth');
  const errorMessage = useAuthErrorMessage();
  const stop = useMutation({
    // The auth client loads only when needed: the banner sits in the root layout of every page.
    mutationFn: async () => {
      const { authCall, authClient } = await import('./auth-client');
      return authCall(authClient.admin.stopImpersonating());
    },
    // A full load: every cached query belonged to the impersonated user.
    onSuccess: () => window.location.assign(`/manager/users/${user.id}`),
    onError: (error: AuthCallError) => toast.error(t('impersonation.stopFailed'), { description: errorMessage(error) }),
  });
  return (
    <div
      role="status"
      data-testid="impersonation-banner"
      className="flex w-full flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-warning px-3 py-1.5 text-sm font-medium text-warning-foreground"
    >
      <span>{isolatedSentence((word) => t('impersonation.banner', { name: word(user.name || user.email) }))}</span>
      <Button size="sm" variant="secondary" disabled={stop.isPending || stop.isSuccess} onClick={() => stop.mutate()}>
        {t('impersonation.stop')}
      </Button>
    </div>
  );
}
