import { useTranslation } from 'react-i18next';

/**
 * A user's name (isolated: a name in one script inside a page in another keeps its order). Without
 * one (before onboarding): `fallback` where the name stands for the person (a page title, a list's
 * link: their e-mail), else the translated not-available marker (where it is the value of a 'Name'
 * field).
 */
export function DisplayName({ name, fallback }: { name: string | null | undefined; fallback?: string | null }) {
  const { t } = useTranslation();
  if (name?.trim()) return <bdi>{name}</bdi>;
  if (fallback) return <bdi>{fallback}</bdi>;
  return <span className="italic text-neutral-600 dark:text-neutral-400">{t('user.notAvailable')}</span>;
}
