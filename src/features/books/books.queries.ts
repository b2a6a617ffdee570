import { queryOptions } from '@tanstack/react-query';
import { listInfiniteQuery } from '#/lib/list-query';
import { getBook, listBooks } from './books.functions';

export const booksInfiniteQuery = (searchTerm: string) => listInfiniteQuery(['books', 'list'], (data) => listBooks({ data }), searchTerm);

export const bookQuery = (id: string) => queryOptions({ queryKey: ['books', 'detail', id], queryFn: () => getBook({ data: { id } }) });
