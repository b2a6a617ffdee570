import { createFileRoute } from '@tanstack/react-router';
import { PageSections } from '#/features/demo/page-sections';

export const Route = createFileRoute('/app/')({
  staticData: { title: 'nav.home' },
  component: () => <PageSections current="app" />,
});
