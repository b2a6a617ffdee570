import { useTranslation } from 'react-i18next';
import { ErrorLayout } from './error-layout';

export function PageForbidden() {
  const { t } = useTranslation();
  return <ErrorLayout code="403" title={t('errors.forbidden')} />;
}
