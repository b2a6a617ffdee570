import { orpc } from '#/lib/api-client';
// example:start
import { queryOptions } from '@tanstack/react-query';
// example:end

// example:start
const NEW_BOOKS = 5;

export const newestBooksQuery = orpc.books.list.queryOptions({ input: { limit: NEW_BOOKS, sort: 'createdAt', order: 'desc' } });

/** The Continue card's book: null once it is deleted (or its id is not one), so the card goes without an error. */
export const continueBookQuery = (id: string) =>
  queryOptions({
    queryKey: ['home', 'continue', id],
    queryFn: async () => {
      try {
        return await orpc.books.get.call({ id });
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        if (code === 'NOT_FOUND' || code === 'INPUT_VALIDATION_FAILED') return null;
        throw error;
      }
    },
  });
// example:end
// The same cache entries as the organisation pages' (one key per procedure and input).
export const myOrganizationsQuery = orpc.organizations.mine.queryOptions();
// example:start
export const shelfQuery = orpc.organizations.shelf.list.queryOptions();
// example:end
