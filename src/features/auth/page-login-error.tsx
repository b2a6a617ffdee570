import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '#/components/ui/button';
import { toLoginError } from './auth.search';
import { AuthLayout } from './auth-layout';

const route = getRouteApi('/login/error');

export function PageLoginError() {
  const { t } = useTranslation('auth');
  const { error } = route.useSearch();
  const kind = toLoginError(error);
  return (
    <AuthLayout title={t(`error.${kind}.title`)} description={t(`error.${kind}.description`)}>
      {/* The page's one way on: the primary action, as Try Again is on the error view. */}
      <Link to="/login" className={buttonVariants()}>
        {t('error.backToLogin')}
      </Link>
    </AuthLayout>
  );
}
