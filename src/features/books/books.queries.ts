import { orpc } from '#/lib/api-client';
import { listInfiniteOptions } from '#/lib/list-query';

export const booksInfiniteQuery = (searchTerm: string) => listInfiniteOptions(orpc.books.list, searchTerm);

export const bookQuery = (id: string) => orpc.books.get.queryOptions({ input: { id } });
