// A user's API keys on the manager's user page: seen and revoked, never created (only their owner can).
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { KeySquareIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#/components/ui/empty-state';
import { usePermission } from '#/features/auth/use-permission';
import { orpc } from '#/lib/api-client';
import { ApiKeyList } from '#/components/api-key-list';
import { useAdminAction } from './use-admin-action';
import { userApiKeysQuery } from './users.queries';

export function UserApiKeys({ userId }: { userId: string }) {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const { data: keys } = useSuspenseQuery(userApiKeysQuery(userId));
  const canRevoke = usePermission({ apiKey: ['revoke'] });
  const revoke = useAdminAction((keyId: string) => orpc.apiKeys.revokeOfUser.call({ id: userId, keyId }), {
    success: t('apiKeys.revoked'),
    failure: t('apiKeys.revokeFailed'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userApiKeysQuery(userId).queryKey }),
  });

  return (
    <section aria-labelledby="user-api-keys" className="flex flex-col gap-3">
      <h2 id="user-api-keys" className="text-lg font-semibold">
        {t('apiKeys.title')}
      </h2>
      {keys.length === 0 ? (
        <EmptyState icon={<KeySquareIcon />} title={t('apiKeys.empty')} />
      ) : (
        <ApiKeyList keys={keys} onRevoke={canRevoke ? (key) => revoke.mutateAsync(key.id) : undefined} revoking={revoke.isPending} />
      )}
    </section>
  );
}
