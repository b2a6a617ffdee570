// Adding an endpoint, then its signing secret, shown once; or changing one (its secret stays).
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SecretField } from '#/components/secret-field';
import { Button } from '#/components/ui/button';
import { CheckboxGroup, ChoiceFieldset } from '#/components/ui/checkbox-group';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { toast } from '#/components/ui/toast';
import { orpc, showOnFields } from '#/lib/api-client';
import { ORGANIZATION_WEBHOOK_EVENTS, WEBHOOK_EVENTS, type WebhookEvent } from '#/lib/webhook-events';
import { useEventName } from './webhook-badges';
import { WEBHOOK_DESCRIPTION_MAX, webhookInputSchema, type Webhook, type WebhookInput } from './webhooks.schema';
import { webhookCalls, type WebhookScope } from './webhooks.queries';

/** An organisation's endpoint may hear of its own members only (the server refuses the rest). */
const eventsOf = (scope: WebhookScope): readonly WebhookEvent[] => (scope.slug ? ORGANIZATION_WEBHOOK_EVENTS : WEBHOOK_EVENTS);

/** Mount it anew (a `key`) for each opening: an empty form, or the endpoint as it is now, and no earlier secret. */
export function WebhookFormDialog({
  scope,
  webhook,
  open,
  onClose,
}: {
  scope: WebhookScope;
  webhook?: Webhook;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['webhooks', 'common']);
  const fieldsetId = useId();
  const queryClient = useQueryClient();
  const eventName = useEventName();
  const [secret, setSecret] = useState<string | null>(null);
  const events = eventsOf(scope);
  const offered = (chosen: readonly string[]) => events.filter((event) => chosen.includes(event));
  const form = useForm<WebhookInput>({
    resolver: zodResolver(webhookInputSchema),
    defaultValues: { url: webhook?.url ?? '', description: webhook?.description ?? '', events: offered(webhook?.events ?? []) },
  });

  const save = useMutation({
    mutationFn: (values: WebhookInput): Promise<Webhook & { secret?: string }> => {
      const data = webhookInputSchema.parse(values);
      const calls = webhookCalls(scope);
      if (!webhook) return calls.create(data);
      // An address sent, even the same one, starts the endpoint afresh (no longer failing): only a new one is.
      const url = data.url === webhook.url ? {} : { url: data.url };
      return calls.update({ id: webhook.id, ...url, description: data.description, events: data.events });
    },
    onSuccess: async (saved) => {
      if (saved.secret) setSecret(saved.secret);
      else {
        toast.success(t('form.saved'));
        onClose();
      }
      await queryClient.invalidateQueries({ queryKey: orpc.webhooks.key() });
    },
    onError: (error) => {
      const rest = showOnFields(error, form.setError, ['url', 'description', 'events']);
      if (rest !== undefined)
        toast.error(webhook ? t('form.saveFailed') : t('form.createFailed'), rest ? { description: rest } : undefined);
    },
  });

  const message = (key?: string) =>
    key ? (key.startsWith('webhooks:') ? t(key.slice('webhooks:'.length) as 'errors.eventsRequired') : key) : undefined;
  const errors = form.formState.errors;
  const eventsError = message(errors.events?.message);

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={secret ? t('secret.title') : webhook ? t('form.editTitle') : t('form.createTitle')}
      description={secret ? t('secret.description') : webhook ? t('form.editDescription') : t('form.createDescription')}
    >
      {secret ? (
        <div className="flex flex-col gap-4">
          <SecretField
            secret={secret}
            testId="webhook-secret"
            labels={{ field: t('secret.label'), copy: t('secret.copy'), copied: t('secret.copied'), copyFailed: t('secret.copyFailed') }}
          />
          <p className="text-sm text-muted-foreground">{t('secret.warning')}</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button onClick={onClose}>{t('secret.done')}</Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Field label={t('fields.url')} error={message(errors.url?.message)}>
              {(ids) => <Input {...ids} type="url" dir="ltr" autoComplete="off" className="font-mono" {...form.register('url')} />}
            </Field>
            <p className="text-sm text-muted-foreground">{t('form.urlHelp')}</p>
          </div>
          <Field label={t('fields.descriptionOptional')} error={message(errors.description?.message)}>
            {(ids) => (
              <Input {...ids} dir="auto" autoComplete="off" maxLength={WEBHOOK_DESCRIPTION_MAX} {...form.register('description')} />
            )}
          </Field>
          <Controller
            control={form.control}
            name="events"
            render={({ field }) => (
              <ChoiceFieldset id={fieldsetId} legend={t('fields.events')} help={t('form.eventsHelp')} error={eventsError} className="gap-2">
                <CheckboxGroup
                  idPrefix={fieldsetId}
                  className="grid gap-2 sm:grid-cols-2"
                  options={events.map((event) => ({ value: event, label: eventName(event) }))}
                  value={field.value}
                  onChange={(next) => field.onChange(offered(next))}
                  onBlur={field.onBlur}
                  firstRef={field.ref}
                  invalid={Boolean(eventsError)}
                />
              </ChoiceFieldset>
            )}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
              {webhook ? t('form.save') : t('form.create')}
            </Button>
          </div>
        </form>
      )}
    </ResponsiveDialog>
  );
}
