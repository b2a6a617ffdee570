// The MCP clients the person connected with OAuth (docs/decisions/105-agents-signed-in-with-oauth.md): each with
// what it may do and since when, and Disconnect, which removes its consent and tokens so its next call is refused.
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { BotIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGrantLine } from '#/components/api-key-list';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { SettingsSection } from '#/components/settings-section';
import { Button } from '#/components/ui/button';
import { Item, ItemContent, ItemDetails, ItemList } from '#/components/ui/item-list';
import { toast } from '#/components/ui/toast';
import type { AuthCallError } from '#/features/auth/auth-client';
import { orpc } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { useDates } from '#/lib/i18n/use-dates';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';
import { isolated } from '#/lib/text';
import { myConnectedAppsQuery, ownActivityQuery } from './account.queries';

/** As `connectedApps.list` answers (src/features/connected-apps/connected-apps.router.ts). */
interface ConnectedApp {
  clientId: string;
  name: string;
  uri: string | null;
  connectedAt: Date;
  grants: Array<{ resource: string; actions: string[] }>;
}

export function ConnectedApps() {
  const { t } = useTranslation('account');
  const errorMessage = useAuthErrorMessage();
  const queryClient = useQueryClient();
  const dates = useDates();
  const grantLine = useGrantLine();
  const { data: apps } = useSuspenseQuery(myConnectedAppsQuery);
  // Kept while the dialog closes, so its title does not empty out.
  const [chosen, setChosen] = useState<ConnectedApp | null>(null);
  const [confirming, setConfirming] = useState(false);
  const disconnect = useMutation({
    mutationFn: (clientId: string) => orpc.connectedApps.disconnect.call({ clientId }),
    onSuccess: async () => {
      toast.success(t('connectedApps.disconnected'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myConnectedAppsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: ownActivityQuery.queryKey }),
      ]);
    },
    onError: (error: AuthCallError) => {
      if (!handledGlobally(error)) toast.error(t('connectedApps.disconnectFailed'), { description: errorMessage(error) });
    },
  });

  return (
    <SettingsSection id="connected-apps" title={t('connectedApps.title')} description={t('connectedApps.description')}>
      {apps.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('connectedApps.empty')}</p>
      ) : (
        <ItemList>
          {apps.map((app) => (
            <Item key={app.clientId} data-testid="connected-app" className="flex-wrap">
              <BotIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <ItemContent className="basis-48">
                <bdi className="align-with-page font-medium break-words">{app.name}</bdi>
                <span className="text-sm text-muted-foreground">
                  {t('connectedApps.connected', { date: dates.date(app.connectedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
                </span>
                <ItemDetails
                  details={[
                    {
                      label: t('apiKeys.permissions'),
                      value: app.grants.length
                        ? app.grants.map(({ resource, actions }) => (
                            <span key={resource} className="block">
                              {grantLine(resource, actions)}
                            </span>
                          ))
                        : t('consent.nothing'),
                    },
                  ]}
                />
              </ItemContent>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('connectedApps.disconnectLabel', { name: app.name })}
                disabled={disconnect.isPending}
                onClick={() => {
                  setChosen(app);
                  setConfirming(true);
                }}
              >
                {t('connectedApps.disconnect')}
              </Button>
            </Item>
          ))}
        </ItemList>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('connectedApps.disconnectTitle', { name: isolated(chosen?.name ?? '') })}
        description={t('connectedApps.disconnectDescription')}
        confirmLabel={t('connectedApps.disconnect')}
        pending={disconnect.isPending}
        onConfirm={() =>
          chosen &&
          void disconnect
            .mutateAsync(chosen.clientId)
            .catch(() => undefined)
            .finally(() => setConfirming(false))
        }
      />
    </SettingsSection>
  );
}
