import { createFileRoute } from '@tanstack/react-router';
import { PageSections } from '#/features/demo/page-sections';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/app/')({
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('nav.home')) }] }),
  component: () => <PageSections current="app" />,
});
