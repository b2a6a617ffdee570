import { createFileRoute } from '@tanstack/react-router';
import { myOrganizationsQuery } from '#/features/home/home.queries';
// example:start
import { sessionQuery } from '#/features/auth/session';
import { lastOpenedBookId } from '#/features/books/last-opened.functions';
import { continueBookQuery, newestBooksQuery, shelfQuery } from '#/features/home/home.queries';
// example:end
import { PageHome } from '#/features/home/page-home';

export const Route = createFileRoute('/app/')({
  staticData: { title: 'nav.home' },
  loader: async ({ context: { queryClient } }) => {
    // example:start
    // The guard has read the session; the card's book is rendered with the page.
    const user = queryClient.getQueryData(sessionQuery.queryKey);
    const lastBookId = user ? lastOpenedBookId(user.id) : undefined;
    // example:end
    await Promise.all([
      queryClient.ensureQueryData(myOrganizationsQuery),
      // example:start
      queryClient.ensureQueryData(newestBooksQuery),
      lastBookId && queryClient.ensureQueryData(continueBookQuery(lastBookId)),
      // The active organisation's shelf: one request for the organisations above (the same query, in flight).
      queryClient.ensureQueryData(myOrganizationsQuery).then(async (mine) => {
        const active = mine.organizations.find((o) => o.id === mine.activeOrganizationId);
        // Its owners' second-factor rule holds the caller: the home says so instead of its shelf.
        if (active && !active.secondFactorNeeded) await queryClient.ensureQueryData(shelfQuery);
      }),
      // example:end
    ]);
    // example:start
    return { lastBookId };
    // example:end
  },
  component: PageHome,
});
