import { createFileRoute } from '@tanstack/react-router';
import { myOrganizationsQuery, newestBooksQuery, shelfQuery } from '#/features/home/home.queries';
import { PageHome } from '#/features/home/page-home';

export const Route = createFileRoute('/app/')({
  staticData: { title: 'nav.home' },
  loader: async ({ context: { queryClient } }) => {
    const [mine] = await Promise.all([queryClient.ensureQueryData(myOrganizationsQuery), queryClient.ensureQueryData(newestBooksQuery)]);
    if (mine.activeOrganizationId) await queryClient.ensureQueryData(shelfQuery);
  },
  component: PageHome,
});
