import { useTranslation } from 'react-i18next';

/** A user's name, or the translated not-available marker when it is empty. */
export function DisplayName({ name }: { name: string | null | undefined }) {
  const { t } = useTranslation();
  return name?.trim() ? <>{name}</> : <span className="italic text-neutral-600 dark:text-neutral-400">{t('user.notAvailable')}</span>;
}
