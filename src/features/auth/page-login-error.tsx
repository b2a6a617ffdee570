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
      <Link to="/login" className={buttonVariants({ variant: 'secondary' })}>
        {t('error.backToLogin')}
      </Link>
    </AuthLayout>
  );
}
