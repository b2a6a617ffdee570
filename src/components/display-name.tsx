import { useTranslation } from 'react-i18next';

/** Isolated: a name in one script inside a page in another keeps its order. `fallback` stands in before onboarding. */
export function DisplayName({ name, fallback }: { name: string | null | undefined; fallback?: string | null }) {
  const { t } = useTranslation();
  if (name?.trim()) return <bdi>{name}</bdi>;
  if (fallback) return <bdi>{fallback}</bdi>;
  return <span className="italic text-muted-foreground">{t('user.notAvailable')}</span>;
}
