import { orpc } from '#/lib/api-client';
import { listInfiniteOptions } from '#/lib/list-query';

export const booksInfiniteQuery = (searchTerm: string) => listInfiniteOptions(orpc.books.list, searchTerm);

/** As the URL has them ('' = none). */
export interface BooksTableSearch {
  searchTerm: string;
  genreId: string;
  sort: '' | 'title' | 'author';
  order: '' | 'asc' | 'desc';
}

export const managerBooksInfiniteQuery = ({ searchTerm, genreId, sort, order }: BooksTableSearch) =>
  listInfiniteOptions(orpc.books.list, searchTerm, { genreId: genreId || undefined, sort: sort || undefined, order: order || undefined });

export const bookQuery = (id: string) => orpc.books.get.queryOptions({ input: { id } });
