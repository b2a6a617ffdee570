// An organisation's API keys on its settings (docs/decisions/103-organisation-api-keys.md), for its owners and admins:
// made with what their role there allows, listed with their makers, revoked ones kept and marked.
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiKeyList } from '#/components/api-key-list';
import { SettingsSection } from '#/components/settings-section';
import { Button } from '#/components/ui/button';
import { toast } from '#/components/ui/toast';
import type { AuthCallError } from '#/features/auth/auth-client';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { orpc } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';
import { organizationGrantNeeds, organizationRights } from '#/lib/permissions';
import { withRecentSignIn } from '#/lib/reauthentication-events';
import { CreateApiKeyDialog } from '#/components/create-api-key-dialog';
import { OrganizationApiKeyActivity } from './organization-api-key-activity';
import {
  API_KEY_EXPIRIES,
  API_KEY_NAME_MAX,
  ORGANIZATION_API_KEY_GRANTS,
  organizationApiKeyInputSchema,
} from '#/features/api-keys/api-keys.schema';

export function OrganizationApiKeys({ org }: { org: { slug: string; membership: { role: string } } }) {
  const { t } = useTranslation('account');
  const errorMessage = useAuthErrorMessage();
  const queryClient = useQueryClient();
  const keysQuery = orpc.organizationApiKeys.list.queryOptions({ input: { slug: org.slug } });
  const { data: keys } = useQuery(keysQuery);
  const impersonating = Boolean(useCurrentUser()?.impersonatedBy);
  const [creating, setCreating] = useState(false);
  const [opening, setOpening] = useState(0);
  // Kept while the dialog closes, so its title does not empty out.
  const [watched, setWatched] = useState<{ id: string; name: string } | null>(null);
  const [watching, setWatching] = useState(false);
  const rights = organizationRights(org.membership.role);
  // What their role there lets them give: the server checks it again.
  const grants = ORGANIZATION_API_KEY_GRANTS.map(({ resource, actions }) => ({
    resource,
    actions: actions.filter((action) => {
      const needs = organizationGrantNeeds(resource, action);
      return !needs || rights[needs];
    }),
  })).filter(({ actions }) => actions.length > 0);
  const refresh = () => queryClient.invalidateQueries({ queryKey: keysQuery.queryKey });
  const revoke = useMutation({
    mutationFn: (id: string) => orpc.organizationApiKeys.revoke.call({ slug: org.slug, id }),
    onSuccess: async () => {
      toast.success(t('apiKeys.revoked'));
      await refresh();
    },
    onError: (error: AuthCallError) => {
      if (!handledGlobally(error)) toast.error(t('apiKeys.revokeFailed'), { description: errorMessage(error) });
    },
  });

  return (
    <SettingsSection id="organization-api-keys" title={t('apiKeys.title')} description={t('apiKeys.organizationDescription')}>
      {keys === undefined ? null : keys.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('apiKeys.empty')}</p>
      ) : (
        <ApiKeyList
          keys={keys}
          onRevoke={(key) => revoke.mutateAsync(key.id)}
          revoking={revoke.isPending}
          onActivity={(key) => {
            setWatched({ id: key.id, name: key.name });
            setWatching(true);
          }}
        />
      )}
      <div>
        <Button
          variant="secondary"
          disabled={impersonating}
          onClick={() => {
            setOpening((n) => n + 1);
            setCreating(true);
          }}
        >
          {t('apiKeys.create')}
        </Button>
      </div>
      {impersonating && <p className="text-sm text-muted-foreground">{t('apiKeys.errors.impersonating')}</p>}
      <OrganizationApiKeyActivity slug={org.slug} apiKey={watched} open={watching} onOpenChange={setWatching} />
      <CreateApiKeyDialog
        key={opening}
        open={creating}
        onClose={() => setCreating(false)}
        grants={grants}
        schema={organizationApiKeyInputSchema}
        help={t('apiKeys.organizationHelp')}
        expiries={API_KEY_EXPIRIES}
        nameMax={API_KEY_NAME_MAX}
        create={(values) => withRecentSignIn(() => orpc.organizationApiKeys.create.call({ ...values, slug: org.slug }))}
        onCreated={refresh}
      />
    </SettingsSection>
  );
}
