/** Name and slug of an organisation: creating one (the slug follows the name until edited), or changing them. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { organizationInputSchema, slugFromName, type OrganizationInput } from './organizations.schema';

export function FormOrganization({
  initial,
  submitLabel,
  disabled,
  onSubmit,
  onCancel,
}: {
  initial?: OrganizationInput;
  submitLabel: string;
  disabled?: boolean;
  onSubmit: (values: OrganizationInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('organizations');
  const form = useForm<OrganizationInput>({
    resolver: zodResolver(organizationInputSchema),
    defaultValues: initial ?? { name: '', slug: '' },
  });
  const [slugEdited, setSlugEdited] = useState(Boolean(initial));
  const nameField = form.register('name', {
    onChange: (e: { target: { value: string } }) => {
      if (!slugEdited) form.setValue('slug', slugFromName(e.target.value));
    },
  });
  const slugField = form.register('slug', { onChange: () => setSlugEdited(true) });
  const { errors, isSubmitting } = form.formState;
  const message = (key: string | undefined) => (key ? t(key as 'form.nameRequired') : undefined);
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-4">
      <Field label={t('form.name')} error={message(errors.name?.message)}>
        {(ids) => <Input dir="auto" autoComplete="organization" disabled={disabled} {...ids} {...nameField} />}
      </Field>
      <Field label={t('form.slug')} error={message(errors.slug?.message)}>
        {(ids) => <Input dir="ltr" autoCapitalize="none" spellCheck={false} disabled={disabled} {...ids} {...slugField} />}
      </Field>
      <p className="-mt-2 text-sm text-muted-foreground">{t('form.slugHint')}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        )}
        <Button type="submit" disabled={disabled || isSubmitting} aria-busy={isSubmitting || undefined}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
