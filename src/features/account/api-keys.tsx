// The person's API keys (docs/decisions/073-api-keys.md): listed, created with some of what their
// role allows, and revoked. The secret shows once, in the dialog that created it.
import { SettingsSection } from '#/components/settings-section';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import { toast } from '#/components/ui/toast';
import type { AuthCallError } from '#/features/auth/auth-client';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { orpc } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { withRecentSignIn } from '#/lib/reauthentication-events';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';
import { rolesAllow, type Permission } from '#/lib/permissions';
import { ApiKeyList } from '#/components/api-key-list';
import { API_KEY_EXPIRIES, API_KEY_GRANTS, API_KEY_NAME_MAX, apiKeyInputSchema } from '#/features/api-keys/api-keys.schema';
import { CreateApiKeyDialog } from '#/components/create-api-key-dialog';
import { myApiKeysQuery, ownActivityQuery } from './account.queries';

export function ApiKeys() {
  const { t } = useTranslation('account');
  const errorMessage = useAuthErrorMessage();
  const queryClient = useQueryClient();
  const { data: keys } = useSuspenseQuery(myApiKeysQuery);
  const me = useCurrentUser();
  const impersonating = Boolean(me?.impersonatedBy);
  // Only what the role allows today: the server refuses the rest.
  const grants = API_KEY_GRANTS.map(({ resource, actions }) => ({
    resource,
    actions: actions.filter((action) => rolesAllow(me?.role, { [resource]: [action] } as Permission)),
  })).filter(({ actions }) => actions.length > 0);
  const [creating, setCreating] = useState(false);
  // A new dialog each time it opens: an empty form, no secret of the last key.
  const [opening, setOpening] = useState(0);
  const revoke = useMutation({
    mutationFn: (id: string) => orpc.apiKeys.revoke.call({ id }),
    onSuccess: async () => {
      toast.success(t('apiKeys.revoked'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myApiKeysQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: ownActivityQuery.queryKey }),
      ]);
    },
    onError: (error: AuthCallError) => {
      if (!handledGlobally(error)) toast.error(t('apiKeys.revokeFailed'), { description: errorMessage(error) });
    },
  });

  return (
    <SettingsSection id="api-keys" title={t('apiKeys.title')} description={t('apiKeys.description')}>
      {keys.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('apiKeys.empty')}</p>
      ) : (
        <ApiKeyList keys={keys} onRevoke={(key) => revoke.mutateAsync(key.id)} revoking={revoke.isPending} />
      )}
      <div>
        <Button
          variant="secondary"
          disabled={impersonating}
          aria-describedby={impersonating ? 'api-keys-impersonating' : undefined}
          onClick={() => {
            setOpening((n) => n + 1);
            setCreating(true);
          }}
        >
          {t('apiKeys.create')}
        </Button>
      </div>
      {impersonating && (
        <p id="api-keys-impersonating" className="text-sm text-muted-foreground">
          {t('apiKeys.errors.impersonating')}
        </p>
      )}
      <CreateApiKeyDialog
        key={opening}
        open={creating}
        onClose={() => setCreating(false)}
        grants={grants}
        schema={apiKeyInputSchema}
        help={t('apiKeys.permissionsHelp')}
        expiries={API_KEY_EXPIRIES}
        nameMax={API_KEY_NAME_MAX}
        create={(values) => withRecentSignIn(() => orpc.apiKeys.create.call(values))}
        onCreated={() =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: myApiKeysQuery.queryKey }),
            queryClient.invalidateQueries({ queryKey: ownActivityQuery.queryKey }),
          ])
        }
      />
    </SettingsSection>
  );
}
