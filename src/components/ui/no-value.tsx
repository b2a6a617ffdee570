import { useTranslation } from 'react-i18next';

/** A table cell or fact with nothing to show: "—", read out as "None". */
export function NoValue() {
  const { t } = useTranslation();
  return (
    <span className="text-muted-foreground">
      <span aria-hidden>—</span>
      <span className="sr-only">{t('noValue')}</span>
    </span>
  );
}
