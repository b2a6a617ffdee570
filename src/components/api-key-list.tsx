// API keys: a person's, on the account page and on the manager's user page, and an organisation's on its settings
// (with who made each, and the revoked ones kept). Never a secret, only its first characters to tell keys apart.
// Its words are `account` keys.
import { KeySquareIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { Item, ItemContent, ItemDetails, ItemList } from '#/components/ui/item-list';
import { useDates } from '#/lib/i18n/use-dates';
import { isolated } from '#/lib/text';

/** A resource's and an action's names, as the form's checkboxes and the list show them. */
export function useGrantNames() {
  const { t } = useTranslation('account');
  return {
    // A key stored before a resource or action was renamed shows its raw name.
    resource: (resource: string) => t(`apiKeys.resources.${resource}` as 'apiKeys.resources.book', { defaultValue: resource }),
    action: (action: string) => t(`apiKeys.actions.${action}` as 'apiKeys.actions.read', { defaultValue: action }),
  };
}

/** A grant as one line, 'Books: Read, Create': the key lists, connected apps and the consent card say it so. */
export function useGrantLine() {
  const { t, i18n } = useTranslation('account');
  const names = useGrantNames();
  const list = useMemo(() => new Intl.ListFormat(i18n.language, { type: 'unit', style: 'short' }), [i18n.language]);
  return (resource: string, actions: readonly string[]) =>
    t('apiKeys.grant', { resource: names.resource(resource), actions: list.format(actions.map(names.action)) });
}

/** As the product API lists them (`apiKeySchema` of src/features/api-keys/api-keys.schema.ts). */
export type ApiKey = {
  id: string;
  name: string;
  start: string | null;
  permissions: Record<string, string[]>;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  /** An organisation's key: who made it, and, once revoked, when and by whom (null: an account since deleted). */
  createdBy?: { id: string; name: string } | null;
  revokedAt?: Date | null;
  revokedBy?: { id: string; name: string } | null;
};

/** Without `onRevoke`, read only; with it, each key has Revoke, asked once more in a dialog. */
export function ApiKeyList({
  keys,
  onRevoke,
  revoking = false,
  onActivity,
}: {
  keys: readonly ApiKey[];
  /** Its failure is the caller's to tell (the mutation's onError). */
  onRevoke?: (key: ApiKey) => Promise<unknown>;
  revoking?: boolean;
  /** With it, each key, revoked ones too, has Activity: what was done with it (an organisation's keys). */
  onActivity?: (key: ApiKey) => void;
}) {
  const { t } = useTranslation('account');
  // Kept while the dialog closes, so its title does not empty out.
  const [chosen, setChosen] = useState<ApiKey | null>(null);
  const [confirming, setConfirming] = useState(false);
  const nameOf = (key: ApiKey) => key.name || t('apiKeys.defaultName');
  const dates = useDates();
  const grantLine = useGrantLine();
  const when = (date: Date) => dates.date(date, { dateStyle: 'medium', timeStyle: 'short' });
  const by = (someone: { name: string } | null) => (someone ? someone.name : t('apiKeys.deletedAccount'));
  // One line a resource: 'Books: Read, Create'.
  const grants = (key: ApiKey) =>
    Object.entries(key.permissions)
      .filter(([, actions]) => actions.length)
      .map(([resource, actions]) => (
        <span key={resource} className="block">
          {grantLine(resource, actions)}
        </span>
      ));

  return (
    <>
      <ItemList>
        {keys.map((key) => (
          <Item key={key.id} data-testid="api-key" className="flex-wrap">
            <KeySquareIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <ItemContent className="basis-48">
              <span className="flex flex-wrap items-center gap-2">
                <bdi className="align-with-page font-medium break-words">{nameOf(key)}</bdi>
                {key.revokedAt && <Badge variant="danger">{t('apiKeys.revokedBadge')}</Badge>}
              </span>
              {key.start && (
                <code dir="ltr" className="self-start font-mono text-xs text-muted-foreground">
                  {key.start}…
                </code>
              )}
              <ItemDetails
                details={[
                  { label: t('apiKeys.permissions'), value: grants(key) },
                  { label: t('apiKeys.created'), value: when(key.createdAt) },
                  ...(key.createdBy !== undefined ? [{ label: t('apiKeys.madeBy'), value: by(key.createdBy) }] : []),
                  ...(key.revokedAt
                    ? [{ label: t('apiKeys.revokedOn'), value: `${when(key.revokedAt)}, ${by(key.revokedBy ?? null)}` }]
                    : []),
                  { label: t('apiKeys.lastUsed'), value: key.lastUsedAt ? when(key.lastUsedAt) : t('apiKeys.neverUsed') },
                  { label: t('apiKeys.expires'), value: key.expiresAt ? when(key.expiresAt) : t('apiKeys.neverExpires') },
                ]}
              />
            </ItemContent>
            {(onActivity || (onRevoke && !key.revokedAt)) && (
              <div className="flex flex-wrap gap-2">
                {onActivity && (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('apiKeys.activityLabel', { name: nameOf(key) })}
                    onClick={() => onActivity(key)}
                  >
                    {t('apiKeys.activity')}
                  </Button>
                )}
                {onRevoke && !key.revokedAt && (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('apiKeys.revokeLabel', { name: nameOf(key) })}
                    disabled={revoking}
                    onClick={() => {
                      setChosen(key);
                      setConfirming(true);
                    }}
                  >
                    {t('apiKeys.revoke')}
                  </Button>
                )}
              </div>
            )}
          </Item>
        ))}
      </ItemList>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('apiKeys.revokeTitle', { name: isolated(chosen ? nameOf(chosen) : '') })}
        description={t('apiKeys.revokeDescription')}
        confirmLabel={t('apiKeys.revoke')}
        pending={revoking}
        onConfirm={() =>
          chosen &&
          void onRevoke?.(chosen)
            .catch(() => undefined)
            .finally(() => setConfirming(false))
        }
      />
    </>
  );
}
