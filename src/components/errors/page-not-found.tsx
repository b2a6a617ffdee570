import { useTranslation } from 'react-i18next';
import { ErrorLayout, type ErrorPageProps } from './error-layout';

export function PageNotFound(props: ErrorPageProps) {
  const { t } = useTranslation();
  return <ErrorLayout code="404" title={t('errors.notFound')} {...props} />;
}
