// Cancel first, the primary action at the end of the line in either direction.
import { LoaderCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import { PageHeader, type Crumb } from '#/components/ui/page-header';

export function FormPage({ title, crumbs, children }: { title: ReactNode; crumbs: Crumb[]; children: ReactNode }) {
  const { t } = useTranslation('tables');
  return (
    <div className="flex w-full max-w-2xl flex-col gap-6">
      <PageHeader title={title} crumbs={crumbs} breadcrumbLabel={t('breadcrumb')} />
      {children}
    </div>
  );
}

export function FormActions({ submitLabel, pending, onCancel }: { submitLabel: string; pending: boolean; onCancel: () => void }) {
  const { t } = useTranslation('tables');
  return (
    <div className="flex flex-wrap justify-end gap-2 border-t pt-4">
      <Button variant="secondary" onClick={onCancel}>
        {t('form.cancel')}
      </Button>
      <Button type="submit" disabled={pending}>
        {pending && <LoaderCircleIcon aria-hidden className="animate-spin" />}
        {submitLabel}
      </Button>
    </div>
  );
}
