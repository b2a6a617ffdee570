import { useTranslation } from 'react-i18next';
import { ErrorLayout, type ErrorPageProps } from './error-layout';
import { NotFoundIllustration } from './error-illustrations';

export function PageNotFound(props: ErrorPageProps) {
  const { t } = useTranslation();
  return <ErrorLayout code="404" title={t('errors.notFound')} illustration={<NotFoundIllustration />} {...props} />;
}
