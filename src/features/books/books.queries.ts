import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getBook, listBooks } from './books.functions';
import { PAGE_SIZE } from './books.schema';

export const booksInfiniteQuery = (searchTerm: string) =>
  infiniteQueryOptions({
    queryKey: ['books', 'list', { searchTerm }],
    queryFn: ({ pageParam }) => listBooks({ data: { searchTerm, limit: PAGE_SIZE, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const bookQuery = (id: string) => queryOptions({ queryKey: ['books', 'detail', id], queryFn: () => getBook({ data: { id } }) });
