// The ways into this account (docs/decisions/068-linked-sign-in-methods.md). "Link" goes through the
// provider's consent and comes back here; a refusal comes back on the URL as Better Auth's `?error=`
// code. Whether a provider may be unlinked is the server's `canUnlink`, the rule its unlink applies.
import { SettingsSection } from '#/components/settings-section';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { KeyRoundIcon, MailIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailAddress } from '#/components/email-address';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { Item, ItemContent, ItemList } from '#/components/ui/item-list';
import { toast } from '#/components/ui/toast';
import { authCall, authClient, type AuthCallError } from '#/features/auth/auth-client';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { handledGlobally } from '#/lib/demo-mode-events';
import { withRecentSignIn } from '#/lib/reauthentication-events';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';
import { useDates } from '#/lib/i18n/use-dates';
import { ownActivityQuery, signInMethodsQuery } from './account.queries';
import type { AccountSearch } from './account.schema';

type LinkError = 'alreadyLinked' | 'emailNotVerified' | 'denied' | 'failed';

/** Better Auth's callback codes; any other reads as 'failed'. */
const LINK_ERRORS: Record<string, LinkError> = {
  account_already_linked_to_different_user: 'alreadyLinked',
  // Our `validateUserInfo` (src/server/auth.ts): the provider did not verify the identity's address.
  email_not_verified: 'emailNotVerified',
  access_denied: 'denied',
};

function LinkRefusal({ error, onDismiss }: { error: LinkError; onDismiss: () => void }) {
  const { t } = useTranslation('account');
  return (
    <div role="alert" className="flex items-start gap-3 rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-medium">{t(`signInMethods.errors.${error}.title`)}</p>
        <p className="text-muted-foreground">{t(`signInMethods.errors.${error}.description`)}</p>
      </div>
      <Button variant="ghost" size="icon" className="-m-2 shrink-0" aria-label={t('signInMethods.dismiss')} onClick={onDismiss}>
        <XIcon aria-hidden />
      </Button>
    </div>
  );
}

export function SignInMethods() {
  const { t } = useTranslation('account');
  const dates = useDates();
  const errorMessage = useAuthErrorMessage();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(signInMethodsQuery);
  const impersonating = Boolean(useCurrentUser()?.impersonatedBy);
  const { pathname } = useLocation();
  const search = useSearch({ strict: false }) as Partial<AccountSearch>;
  const navigate = useNavigate();
  // Kept while the dialog closes, so its title does not empty out.
  const [target, setTarget] = useState<{ accountId: string; name: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const linkError = search.error ? (LINK_ERRORS[search.error] ?? 'failed') : null;
  const clearError = () => void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, error: '' }), replace: true });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: signInMethodsQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: ownActivityQuery.queryKey }),
    ]);

  const link = useMutation({
    // Better Auth's client then leaves for the provider; both ways back land on this page.
    mutationFn: (provider: { id: string; name: string }) =>
      withRecentSignIn(() => authCall(authClient.linkSocial({ provider: provider.id, callbackURL: pathname, errorCallbackURL: pathname }))),
    onError: (error: AuthCallError, provider) => {
      if (!handledGlobally(error))
        toast.error(t('signInMethods.linkFailed', { provider: provider.name }), { description: errorMessage(error) });
    },
  });
  const unlink = useMutation({
    mutationFn: (accountId: string) => withRecentSignIn(() => authCall(authClient.unlinkAccount({ accountId }))),
    onSuccess: async () => {
      setConfirming(false);
      toast.success(t('signInMethods.unlinked', { provider: target?.name ?? '' }));
      await refresh();
    },
    onError: async (error: AuthCallError) => {
      setConfirming(false);
      // The last way in, refused: FAILED_TO_UNLINK_LAST_ACCOUNT, in the reader's language.
      if (!handledGlobally(error))
        toast.error(t('signInMethods.unlinkFailed', { provider: target?.name ?? '' }), { description: errorMessage(error) });
      await refresh();
    },
  });

  return (
    <SettingsSection id="sign-in-methods" title={t('signInMethods.title')} description={t('signInMethods.description')}>
      {linkError && <LinkRefusal error={linkError} onDismiss={clearError} />}
      <ItemList>
        <Item>
          <MailIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <ItemContent>
            <span className="flex flex-wrap items-center gap-2 font-medium">
              {t('signInMethods.emailCode')}
              {!data.emailVerified && <Badge variant="warning">{t('notVerified')}</Badge>}
            </span>
            <EmailAddress email={data.email} className="align-with-page" />
            <span className="text-muted-foreground">{t('signInMethods.emailCodeDescription')}</span>
          </ItemContent>
        </Item>
        {data.providers.map((provider) => {
          const noteId = `sign-in-method-${provider.id}-note`;
          return (
            <Item key={provider.id}>
              <KeyRoundIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <ItemContent>
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  <bdi>{provider.name}</bdi>
                  {provider.linked ? (
                    <Badge variant="success">{t('signInMethods.linked')}</Badge>
                  ) : (
                    <Badge>{t('signInMethods.notLinked')}</Badge>
                  )}
                </span>
                {provider.linked && (
                  <span className="text-muted-foreground">
                    {t('signInMethods.linkedOn', { date: dates.date(provider.linked.linkedAt) })}
                  </span>
                )}
                {provider.linked && !provider.canUnlink && (
                  <span id={noteId} className="flex flex-col text-muted-foreground">
                    <span className="font-medium text-foreground">{t('signInMethods.lastMethod')}</span>
                    <span>{t('signInMethods.lastMethodHint', { provider: provider.name })}</span>
                  </span>
                )}
              </ItemContent>
              {provider.linked ? (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('signInMethods.unlinkProvider', { provider: provider.name })}
                  aria-describedby={provider.canUnlink ? undefined : noteId}
                  disabled={!provider.canUnlink || impersonating || unlink.isPending}
                  onClick={() => {
                    setTarget({ accountId: provider.linked!.accountId, name: provider.name });
                    setConfirming(true);
                  }}
                >
                  {t('signInMethods.unlink')}
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('signInMethods.linkProvider', { provider: provider.name })}
                  // Until the page has left for the provider.
                  disabled={impersonating || link.isPending || link.isSuccess}
                  onClick={() => link.mutate(provider)}
                >
                  {t('signInMethods.link')}
                </Button>
              )}
            </Item>
          );
        })}
      </ItemList>
      {impersonating && data.providers.length > 0 && <p className="text-sm text-muted-foreground">{t('signInMethods.impersonating')}</p>}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('signInMethods.unlinkTitle', { provider: target?.name ?? '' })}
        description={t('signInMethods.unlinkDescription', { provider: target?.name ?? '' })}
        confirmLabel={t('signInMethods.unlink')}
        pending={unlink.isPending}
        onConfirm={() => target && unlink.mutate(target.accountId)}
      />
    </SettingsSection>
  );
}
