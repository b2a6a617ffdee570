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
        const active = mine.organizations.find((o) => o.id === mine.activeOrganizationId);
        // Its owners' second-factor rule holds the caller: the home says so instead of its shelf.
        if (active && !active.secondFactorNeeded) await queryClient.ensureQueryData(shelfQuery);
      }),
      // example:end
    ]);
  },
  component: PageHome,
});
