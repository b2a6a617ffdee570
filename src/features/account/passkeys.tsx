// The person's passkeys (docs/decisions/067-passkeys.md): listed through the product API (never a key),
// added, renamed and deleted through Better Auth's passkey client, which loads on the first click.
import { SettingsSection } from '#/components/settings-section';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { FingerprintIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { Button } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { Item, ItemContent, ItemDetails, ItemList } from '#/components/ui/item-list';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { toast } from '#/components/ui/toast';
import { authCall, type AuthCallError } from '#/features/auth/auth-client';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { handledGlobally } from '#/lib/demo-mode-events';
import { withRecentSignIn, withRecentSignInResult } from '#/lib/reauthentication-events';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';
import { useDates } from '#/lib/i18n/use-dates';
import { isolated } from '#/lib/text';
import { myPasskeysQuery, ownActivityQuery } from './account.queries';

/** As the server takes it (src/server/passkeys.ts). */
const NAME_MAX = 64;

const passkeyClient = () => import('#/features/auth/passkey-client');

type Passkey = { id: string; name: string };

function RenameDialog({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const { t } = useTranslation(['account', 'auth', 'common']);
  const errorMessage = useAuthErrorMessage();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  // Kept while the dialog closes, so its field does not empty out.
  const [shown, setShown] = useState<Passkey | null>(null);
  if (passkey && passkey !== shown) {
    setShown(passkey);
    setName(passkey.name);
    setError(undefined);
  }
  const rename = useMutation({
    mutationFn: async (newName: string) => authCall((await passkeyClient()).renamePasskey(passkey!.id, newName)),
    onSuccess: async () => {
      toast.success(t('passkeys.renamed'));
      onClose();
      await queryClient.invalidateQueries({ queryKey: myPasskeysQuery.queryKey });
    },
    onError: (failure: AuthCallError) => {
      if (!handledGlobally(failure)) setError(errorMessage(failure) || t('passkeys.renameFailed'));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(t('validation.nameRequired', { ns: 'auth' }));
    rename.mutate(trimmed);
  };
  return (
    <ResponsiveDialog open={passkey !== null} onOpenChange={(open) => !open && onClose()} title={t('passkeys.renameTitle')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field label={t('passkeys.name')} error={error}>
          {(ids) => (
            <Input dir="auto" autoComplete="off" maxLength={NAME_MAX} value={name} onChange={(e) => setName(e.target.value)} {...ids} />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" disabled={rename.isPending}>
            {t('actions.save', { ns: 'common' })}
          </Button>
        </div>
      </form>
    </ResponsiveDialog>
  );
}

export function Passkeys() {
  const { t } = useTranslation('account');
  const dates = useDates();
  const errorMessage = useAuthErrorMessage();
  const queryClient = useQueryClient();
  const { data: passkeys } = useSuspenseQuery(myPasskeysQuery);
  const impersonating = Boolean(useCurrentUser()?.impersonatedBy);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  // Kept while the dialog closes, so its title does not empty out.
  const [deleting, setDeleting] = useState<Passkey | null>(null);
  const [confirming, setConfirming] = useState(false);
  const when = (date: Date) => dates.date(date, { dateStyle: 'medium', timeStyle: 'short' });
  // Its name, or the device's when it has none (added through the API without one).
  const nameOf = (passkey: (typeof passkeys)[number]) => passkey.name || t('passkeys.defaultName');
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: myPasskeysQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: ownActivityQuery.queryKey }),
    ]);

  const add = useMutation({
    mutationFn: async () => withRecentSignInResult(async () => (await passkeyClient()).addPasskey()),
    onSuccess: async ({ ok, error }) => {
      if (ok) {
        toast.success(t('passkeys.added'));
        return refresh();
      }
      // Cancelled in the browser's prompt, or in the "Confirm it's you" dialog: nothing to say.
      if (!error || handledGlobally(error)) return;
      toast.error(t('passkeys.addFailed'), { description: errorMessage(error) });
    },
    onError: () => toast.error(t('passkeys.addFailed')),
  });
  const remove = useMutation({
    mutationFn: async (id: string) => withRecentSignIn(async () => authCall((await passkeyClient()).deletePasskey(id))),
    onSuccess: async () => {
      setConfirming(false);
      toast.success(t('passkeys.deleted'));
      await refresh();
    },
    onError: (error: AuthCallError) => {
      setConfirming(false);
      if (!handledGlobally(error)) toast.error(t('passkeys.deleteFailed'), { description: errorMessage(error) });
    },
  });

  return (
    <SettingsSection id="passkeys" title={t('passkeys.title')} description={t('passkeys.description')}>
      {passkeys.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('passkeys.empty')}</p>
      ) : (
        <ItemList>
          {passkeys.map((passkey) => {
            const name = nameOf(passkey);
            return (
              <Item key={passkey.id} data-testid="passkey" className="flex-wrap">
                <FingerprintIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <ItemContent className="basis-48">
                  <bdi className="align-with-page font-medium break-words">{name}</bdi>
                  <ItemDetails
                    details={[
                      { label: t('passkeys.created'), value: when(passkey.createdAt) },
                      { label: t('passkeys.lastUsed'), value: passkey.lastUsedAt ? when(passkey.lastUsedAt) : t('passkeys.neverUsed') },
                    ]}
                  />
                </ItemContent>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('passkeys.renameLabel', { name })}
                    onClick={() => setRenaming({ id: passkey.id, name: passkey.name ?? '' })}
                  >
                    {t('passkeys.rename')}
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('passkeys.deleteLabel', { name })}
                    disabled={remove.isPending}
                    onClick={() => {
                      setDeleting({ id: passkey.id, name });
                      setConfirming(true);
                    }}
                  >
                    {t('passkeys.delete')}
                  </Button>
                </div>
              </Item>
            );
          })}
        </ItemList>
      )}
      <div>
        <Button variant="secondary" disabled={impersonating || add.isPending} onClick={() => add.mutate()}>
          {t('passkeys.add')}
        </Button>
      </div>
      {impersonating && (
        <p className="text-sm text-muted-foreground">{errorMessage({ code: 'YOU_CANNOT_ADD_A_PASSKEY_WHILE_IMPERSONATING' })}</p>
      )}
      <RenameDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('passkeys.deleteTitle', { name: isolated(deleting?.name ?? '') })}
        description={t('passkeys.deleteDescription')}
        confirmLabel={t('passkeys.delete')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </SettingsSection>
  );
}
