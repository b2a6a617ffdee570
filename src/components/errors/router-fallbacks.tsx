import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorView } from './page-error';

export function DefaultNotFound() {
  const { t } = useTranslation();
  return <p className="p-4">{t('errors.routerNotFound')}</p>;
}

/** A page whose loading failed: the spec's default view ('Something went wrong!', Show Error), as every error view. */
export function DefaultCatchBoundary(props: ErrorComponentProps) {
  const { t } = useTranslation();
  return <ErrorView {...props} title={t('errors.routerError')} />;
}
