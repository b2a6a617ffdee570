// One pattern for what cannot be taken back: last on the page, red-bordered, its buttons explained above them.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from './settings-section';

export function DangerZone({
  children,
  description,
  layout = 'card',
}: {
  children: ReactNode;
  description?: ReactNode;
  /** A card (a record's page), or a section of a settings page with its title beside it from `lg`. */
  layout?: 'card' | 'settings';
}) {
  const { t } = useTranslation();
  if (layout === 'settings')
    return (
      <SettingsSection id="danger-zone" destructive title={t('dangerZone')} description={description}>
        <div className="flex flex-wrap items-center gap-2">{children}</div>
      </SettingsSection>
    );
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
