// The dialog that makes an API key (docs/decisions/073-api-keys.md, 103): a name, an expiry and the grants offered,
// then the secret, once. The account page offers what the person's role allows; an organisation's settings, what
// their role there allows (src/features/organizations/organization-api-keys.tsx). Its words are `account` keys.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from '#/lib/zod';
import { useGrantNames } from '#/components/api-key-list';
import { SecretField } from '#/components/secret-field';
import { Button } from '#/components/ui/button';
import { CheckboxGroup, ChoiceFieldset } from '#/components/ui/checkbox-group';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { OptionSelect } from '#/components/ui/select';
import { toast } from '#/components/ui/toast';
import { showOnFields } from '#/lib/api-client';

/** What the form sends (`apiKeyInputSchema` of src/features/api-keys/api-keys.schema.ts). */
type ApiKeyInput = { name: string; expiresInDays: number | null; permissions: Record<string, string[]> };

const DEFAULT_EXPIRY = 90;

export function CreateApiKeyDialog({
  open,
  onClose,
  grants,
  schema,
  help,
  create: send,
  onCreated,
  expiries,
  nameMax,
}: {
  open: boolean;
  onClose: () => void;
  /** What the form offers: only what the caller may give today (the server refuses the rest). */
  grants: ReadonlyArray<{ resource: string; actions: readonly string[] }>;
  schema: z.ZodType<ApiKeyInput, ApiKeyInput>;
  help: string;
  create: (values: ApiKeyInput) => Promise<{ secret: string }>;
  onCreated: () => Promise<unknown>;
  /** The expiries offered, in days; null: never. */
  expiries: ReadonlyArray<number | null>;
  nameMax: number;
}) {
  const { t } = useTranslation(['account', 'common']);
  const fieldsetId = useId();
  const names = useGrantNames();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<ApiKeyInput>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', expiresInDays: DEFAULT_EXPIRY, permissions: {} },
  });

  const create = useMutation({
    mutationFn: send,
    onSuccess: async (created) => {
      setSecret(created.secret);
      await onCreated();
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
            {(ids) => <Input {...ids} dir="auto" autoComplete="off" maxLength={nameMax} {...form.register('name')} />}
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
                    options={expiries.map((days) => ({
                      value: days === null ? 'never' : String(days),
                      label: t(days === null ? 'apiKeys.expiry.never' : (`apiKeys.expiry.days${days}` as 'apiKeys.expiry.days30')),
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
              <ChoiceFieldset id={fieldsetId} legend={t('apiKeys.permissions')} help={help} error={permissionsError} className="gap-3">
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
