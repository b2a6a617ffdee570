import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageComingSoon } from '#/features/demo/page-coming-soon';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/app/books/')({
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('nav.books')) }] }),
  component: function AppBooks() {
    const { t } = useTranslation();
    return <PageComingSoon title={t('nav.books')} />;
  },
});
