// The person's API keys (docs/decisions/073-api-keys.md): listed, created with some of what their
// role allows, and revoked. The secret shows once, in the dialog that created it.
import { SettingsSection } from '#/components/settings-section';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SecretField } from '#/components/secret-field';
import { Button } from '#/components/ui/button';
import { CheckboxGroup, ChoiceFieldset } from '#/components/ui/checkbox-group';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { OptionSelect } from '#/components/ui/select';
import { toast } from '#/components/ui/toast';
import type { AuthCallError } from '#/features/auth/auth-client';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { orpc, showOnFields } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { withRecentSignIn } from '#/lib/reauthentication-events';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';
import { rolesAllow, type Permission } from '#/lib/permissions';
import { ApiKeyList, useGrantNames } from '#/components/api-key-list';
import {
  API_KEY_EXPIRIES,
  API_KEY_GRANTS,
  API_KEY_NAME_MAX,
  apiKeyInputSchema,
  type ApiKeyInput,
} from '#/features/api-keys/api-keys.schema';
import { myApiKeysQuery, ownActivityQuery } from './account.queries';

const DEFAULT_EXPIRY = 90;

function CreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  const fieldsetId = useId();
  const queryClient = useQueryClient();
  const names = useGrantNames();
  const role = useCurrentUser()?.role;
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<ApiKeyInput>({
    resolver: zodResolver(apiKeyInputSchema),
    defaultValues: { name: '', expiresInDays: DEFAULT_EXPIRY, permissions: {} },
  });
  // Only what the role allows today: the server refuses the rest.
  const grants = API_KEY_GRANTS.map(({ resource, actions }) => ({
    resource,
    actions: actions.filter((action) => rolesAllow(role, { [resource]: [action] } as Permission)),
  })).filter(({ actions }) => actions.length > 0);

  const create = useMutation({
    mutationFn: (values: ApiKeyInput) => withRecentSignIn(() => orpc.apiKeys.create.call(values)),
    onSuccess: async (created) => {
      setSecret(created.secret);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myApiKeysQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: ownActivityQuery.queryKey }),
      ]);
    },
    onError: (error) => {
      const rest = showOnFields(error, form.setError, ['name', 'expiresInDays', 'permissions']);
      if (rest !== undefined) toast.error(t('apiKeys.createFailed'), rest ? { description: rest } : undefined);
    },
  });

  const message = (key?: string) =>
    key ? (key.startsWith('account:') ? t(key.slice('account:'.length) as 'apiKeys.errors.nameRequired') : key) : undefined;
  const errors = form.formState.errors;
  // The refusal is the record's own: typed as a record, `.message` would read a resource named 'message'.
  const permissionsError = message((errors.permissions as FieldError | undefined)?.message);

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={secret ? t('apiKeys.secretTitle') : t('apiKeys.createTitle')}
      description={secret ? t('apiKeys.secretDescription') : t('apiKeys.createDescription')}
    >
      {secret ? (
        <div className="flex flex-col gap-4">
          <SecretField
            secret={secret}
            testId="api-key-secret"
            labels={{
              field: t('apiKeys.secretLabel'),
              copy: t('apiKeys.copy'),
              copied: t('apiKeys.copied'),
              copyFailed: t('apiKeys.copyFailed'),
            }}
          />
          <p className="text-sm text-muted-foreground">{t('apiKeys.secretWarning')}</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button onClick={onClose}>{t('apiKeys.done')}</Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))} className="flex flex-col gap-4">
          <Field label={t('apiKeys.name')} error={message(errors.name?.message)}>
            {(ids) => <Input {...ids} dir="auto" autoComplete="off" maxLength={API_KEY_NAME_MAX} {...form.register('name')} />}
          </Field>
          <Field label={t('apiKeys.expires')} error={message(errors.expiresInDays?.message)}>
            {(ids) => (
              <Controller
                control={form.control}
                name="expiresInDays"
                render={({ field }) => (
                  <OptionSelect
                    name={field.name}
                    value={field.value === null ? 'never' : String(field.value)}
                    onValueChange={(value) => field.onChange(value === 'never' ? null : Number(value))}
                    trigger={{ ...ids, ref: field.ref }}
                    options={API_KEY_EXPIRIES.map((days) => ({
                      value: days === null ? 'never' : String(days),
                      label: t(days === null ? 'apiKeys.expiry.never' : `apiKeys.expiry.days${days}`),
                    }))}
                  />
                )}
              />
            )}
          </Field>
          <Controller
            control={form.control}
            name="permissions"
            render={({ field }) => (
              <ChoiceFieldset
                id={fieldsetId}
                legend={t('apiKeys.permissions')}
                help={t('apiKeys.permissionsHelp')}
                error={permissionsError}
                className="gap-3"
              >
                {grants.map(({ resource, actions }, index) => (
                  <fieldset key={resource} className="flex flex-col gap-1.5 rounded-md border p-3">
                    <legend className="px-1 text-sm font-medium">{names.resource(resource)}</legend>
                    <CheckboxGroup
                      idPrefix={`${fieldsetId}-${resource}`}
                      className="flex flex-wrap gap-x-5 gap-y-2"
                      options={actions.map((action) => ({ value: action, label: names.action(action) }))}
                      value={field.value[resource] ?? []}
                      onChange={(next) => field.onChange({ ...field.value, [resource]: actions.filter((a) => next.includes(a)) })}
                      onBlur={field.onBlur}
                      firstRef={index === 0 ? field.ref : undefined}
                      invalid={Boolean(permissionsError)}
                    />
                  </fieldset>
                ))}
              </ChoiceFieldset>
            )}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
              {t('apiKeys.create')}
            </Button>
          </div>
        </form>
      )}
    </ResponsiveDialog>
  );
}

export function ApiKeys() {
  const { t } = useTranslation('account');
  const errorMessage = useAuthErrorMessage();
  const queryClient = useQueryClient();
  const { data: keys } = useSuspenseQuery(myApiKeysQuery);
  const impersonating = Boolean(useCurrentUser()?.impersonatedBy);
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
      <CreateDialog key={opening} open={creating} onClose={() => setCreating(false)} />
    </SettingsSection>
  );
}
