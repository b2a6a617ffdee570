import { useTranslation } from 'react-i18next';
import { ErrorLayout } from './error-layout';

export function PageNotFound() {
  const { t } = useTranslation();
  return <ErrorLayout code="404" title={t('errors.notFound')} />;
}
