import { useTranslation } from 'react-i18next';
import { ErrorLayout } from './error-layout';

export function PageServerError() {
  const { t } = useTranslation();
  return <ErrorLayout code="500" title={t('errors.serverError')} />;
}
