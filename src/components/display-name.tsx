import { useTranslation } from 'react-i18next';

/** A user's name (isolated: a name in one script inside a page in another keeps its order), or the translated not-available marker. */
export function DisplayName({ name }: { name: string | null | undefined }) {
  const { t } = useTranslation();
  return name?.trim() ? <bdi>{name}</bdi> : <span className="italic text-neutral-600 dark:text-neutral-400">{t('user.notAvailable')}</span>;
}
