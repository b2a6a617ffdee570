import { useTranslation } from 'react-i18next';
import { ErrorLayout, type ErrorPageProps } from './error-layout';
import { ForbiddenIllustration } from './error-illustrations';

export function PageForbidden(props: ErrorPageProps) {
  const { t } = useTranslation();
  return <ErrorLayout code="403" title={t('errors.forbidden')} illustration={<ForbiddenIllustration />} {...props} />;
}
