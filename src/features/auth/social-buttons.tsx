import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { Button } from '#/components/ui/button';
import type { AppConfig } from '#/features/config/config.functions';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';

export function SocialButtons({ providers, redirect }: { providers: AppConfig['providers']; redirect: string }) {
  const { t } = useTranslation('auth');
  const errorMessage = useAuthErrorMessage();
  const [pending, setPending] = useState<string | null>(null);
  if (!providers.length) return null;

  // /login's guard sends a signed-in user on to the redirect target or home.
  const callbackURL = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';
  const errorCallbackURL = '/login/error';

  const signIn = async (id: 'github' | 'oidc') => {
    setPending(id);
    // The auth client loads on the first click: /login's first load goes without it.
    const { authClient } = await import('./auth-client');
    // The OpenID Connect provider is registered as a social provider named 'oidc'.
    const { error } = await authClient.signIn.social({ provider: id, callbackURL, errorCallbackURL });
    if (error) {
      setPending(null);
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="flex flex-col gap-2">
      {providers.map((p) => (
        <Button key={p.id} variant="secondary" disabled={pending !== null} onClick={() => void signIn(p.id)}>
          {t('login.withProvider', { provider: p.name })}
        </Button>
      ))}
    </div>
  );
}
