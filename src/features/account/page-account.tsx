import { useTranslation } from 'react-i18next';
import { DisplayPreferences } from './preferences';

export function PageAccount() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('nav.account')}</h1>
      <DisplayPreferences />
    </div>
  );
}
