import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageComingSoon } from '#/features/demo/page-coming-soon';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/manager/dashboard')({
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('nav.dashboard')) }] }),
  component: function ManagerDashboard() {
    const { t } = useTranslation();
    return <PageComingSoon title={t('nav.dashboard')} />;
  },
});
