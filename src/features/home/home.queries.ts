import { orpc } from '#/lib/api-client';

// example:start
export const NEW_BOOKS = 5;

export const newestBooksQuery = orpc.books.list.queryOptions({ input: { limit: NEW_BOOKS, sort: 'createdAt', order: 'desc' } });
// example:end
// The same cache entries as the organisation pages' (one key per procedure and input).
export const myOrganizationsQuery = orpc.organizations.mine.queryOptions();
// example:start
export const shelfQuery = orpc.organizations.shelf.list.queryOptions();
// example:end
