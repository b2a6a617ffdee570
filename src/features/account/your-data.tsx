// A link, not a fetch: the browser downloads the attachment itself, with or without JavaScript.
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '#/components/ui/button';
import { ACCOUNT_EXPORT_PATH } from './account.schema';

export function YourData() {
  const { t } = useTranslation('account');
  return (
    <section aria-labelledby="your-data" className="flex flex-col gap-3 rounded-lg border p-4">
      <h2 id="your-data" className="text-base font-semibold">
        {t('yourData.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('yourData.description')}</p>
      <div>
        <a href={ACCOUNT_EXPORT_PATH} download className={buttonVariants({ variant: 'secondary' })}>
          {t('yourData.download')}
        </a>
      </div>
    </section>
  );
}
