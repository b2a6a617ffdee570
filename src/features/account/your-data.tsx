// A link, not a fetch: the browser downloads the attachment itself, with or without JavaScript.
import { SettingsSection } from '#/components/settings-section';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '#/components/ui/button';
import { ACCOUNT_EXPORT_PATH } from './account.schema';

export function YourData() {
  const { t } = useTranslation('account');
  return (
    <SettingsSection id="your-data" title={t('yourData.title')} description={t('yourData.description')}>
      <div>
        <a href={ACCOUNT_EXPORT_PATH} download className={buttonVariants({ variant: 'secondary' })}>
          {t('yourData.download')}
        </a>
      </div>
    </SettingsSection>
  );
}
