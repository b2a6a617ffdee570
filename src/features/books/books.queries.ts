import { orpc } from '#/lib/api-client';
import { listInfiniteOptions, pageLimit } from '#/lib/list-query';

export const booksInfiniteQuery = (searchTerm: string) => listInfiniteOptions(orpc.books.list, searchTerm);

/** As the URL has them ('' = none). */
export interface BooksTableSearch {
  searchTerm: string;
  genreId: string;
  sort: '' | 'title' | 'author';
  order: '' | 'asc' | 'desc';
  limit: '' | '10' | '50' | '100';
}

export const managerBooksInfiniteQuery = ({ searchTerm, genreId, sort, order, limit }: BooksTableSearch) =>
  listInfiniteOptions(orpc.books.list, searchTerm, {
    genreId: genreId || undefined,
    sort: sort || undefined,
    order: order || undefined,
    limit: pageLimit(limit),
  });

/** How many books of the search have each genre (the table's genre menu). */
export const bookFacetsQuery = (searchTerm: string) => orpc.books.facets.queryOptions({ input: { searchTerm } });

export const bookQuery = (id: string) => orpc.books.get.queryOptions({ input: { id } });
