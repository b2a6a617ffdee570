// One pattern for what cannot be taken back: last on the page, red-bordered, its buttons explained above them.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function DangerZone({ children, description }: { children: ReactNode; description?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="danger-zone" className="flex flex-col gap-3 rounded-lg border border-destructive/40 p-4">
      <div className="flex flex-col gap-1">
        <h2 id="danger-zone" className="font-semibold text-destructive">
          {t('dangerZone')}
        </h2>
        {description && <p className="text-sm wrap-anywhere text-muted-foreground">{description}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2">{children}</div>
    </section>
  );
}
