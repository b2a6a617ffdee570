import { useTranslation } from 'react-i18next';

/** A section whose feature is still being built (its issue is open). */
export function PageComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-2">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-neutral-700 dark:text-neutral-300">{t('placeholder.comingSoon')}</p>
    </div>
  );
}
