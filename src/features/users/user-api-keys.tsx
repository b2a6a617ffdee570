// A user's API keys on the manager's user page: seen and revoked, never created (only their owner can).
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { KeySquareIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { Button } from '#/components/ui/button';
import { EmptyState } from '#/components/ui/empty-state';
import { usePermission } from '#/features/auth/use-permission';
import { orpc } from '#/lib/api-client';
import { isolated } from '#/lib/text';
import { ApiKeyList } from '#/components/api-key-list';
import type { ApiKey } from '#/features/api-keys/api-keys.schema';
import { useAdminAction } from './use-admin-action';
import { userApiKeysQuery } from './users.queries';

export function UserApiKeys({ userId }: { userId: string }) {
  const { t } = useTranslation(['users', 'account']);
  const queryClient = useQueryClient();
  const { data: keys } = useSuspenseQuery(userApiKeysQuery(userId));
  const canRevoke = usePermission({ apiKey: ['revoke'] });
  // Kept while the dialog closes, so its title does not empty out.
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [confirming, setConfirming] = useState(false);
  const nameOf = (key: ApiKey) => key.name || t('apiKeys.defaultName', { ns: 'account' });

  const revoke = useAdminAction((keyId: string) => orpc.apiKeys.revokeOfUser.call({ id: userId, keyId }), {
    success: t('apiKeys.revoked'),
    failure: t('apiKeys.revokeFailed'),
    onSuccess: async () => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: userApiKeysQuery(userId).queryKey });
    },
  });

  return (
    <section aria-labelledby="user-api-keys" className="flex flex-col gap-3">
      <h2 id="user-api-keys" className="text-lg font-semibold">
        {t('apiKeys.title')}
      </h2>
      {keys.length === 0 ? (
        <EmptyState icon={<KeySquareIcon />} title={t('apiKeys.empty')} />
      ) : (
        <ApiKeyList
          keys={keys}
          action={
            canRevoke
              ? (key) => (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('apiKeys.revokeLabel', { name: nameOf(key) })}
                    disabled={revoke.isPending}
                    onClick={() => {
                      setRevoking(key);
                      setConfirming(true);
                    }}
                  >
                    {t('apiKeys.revoke')}
                  </Button>
                )
              : undefined
          }
        />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('apiKeys.revokeTitle', { name: isolated(revoking ? nameOf(revoking) : '') })}
        description={t('apiKeys.revokeDescription')}
        confirmLabel={t('apiKeys.revoke')}
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </section>
  );
}
