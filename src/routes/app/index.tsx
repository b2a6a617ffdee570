import { createFileRoute } from '@tanstack/react-router';
import { myOrganizationsQuery } from '#/features/home/home.queries';
// example:start
import { newestBooksQuery, shelfQuery } from '#/features/home/home.queries';
// example:end
import { PageHome } from '#/features/home/page-home';

export const Route = createFileRoute('/app/')({
  staticData: { title: 'nav.home' },
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([
      queryClient.ensureQueryData(myOrganizationsQuery),
      // example:start
      queryClient.ensureQueryData(newestBooksQuery),
      // The active organisation's shelf: one request for the organisations above (the same query, in flight).
      queryClient.ensureQueryData(myOrganizationsQuery).then(async (mine) => {
        if (mine.activeOrganizationId) await queryClient.ensureQueryData(shelfQuery);
      }),
      // example:end
    ]);
  },
  component: PageHome,
});
