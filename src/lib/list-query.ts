/** A searchable list (books, users) in TanStack Query: an infinite query over the API's keyset pages. */
import type { ProcedureUtils } from '@orpc/tanstack-query';
import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ListInput } from './list';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number | null;
  totalCapped: boolean;
}

/** A list procedure of the product API, in TanStack Query (`orpc.books.list`). */
type ListProcedure<T, TError, TInput extends ListInput = ListInput> = ProcedureUtils<Record<never, never>, TInput, Page<T>, TError>;

/** A list's filters, order and page size beside its search term (`{ role: 'admin', sort: 'name' }`); empty values are left out. */
export type ListParams<TInput extends ListInput> = Omit<TInput, 'searchTerm' | 'cursor'>;

const present = <P extends object>(params: P): P =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== '')) as P;

/** A table's rows per page from the URL ('' = the API's default). */
export const pageLimit = (limit: string) => (limit ? Number(limit) : undefined);

export const listInfiniteOptions = <T, TError, TInput extends ListInput = ListInput>(
  procedure: ListProcedure<T, TError, TInput>,
  searchTerm: string,
  params: Partial<ListParams<TInput>> = {},
) =>
  procedure.infiniteOptions({
    input: (cursor: string | null) => ({ ...present(params), searchTerm, ...(cursor ? { cursor } : {}) }) as TInput,
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
  });

export interface ListState<T = unknown> {
  /** The items of every page loaded so far. */
  items: T[];
  /** Of the whole list (or search), from the first page. */
  total: number;
  /** The search matched more than `total`, where its count stopped ('1,000+'). */
  totalCapped: boolean;
  loaded: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /** A new search, filter or order is being read (the rows shown are the previous ones). */
  fetching: boolean;
}

/** A list page's rows and state for one search (the options its route's loader read): the items loaded so far, the total, and loading the next page. */
export function useList<T, TError>(
  options: UseInfiniteQueryOptions<Page<T>, TError, InfiniteData<Page<T>, string | null>, QueryKey, string | null>,
): ListState<T> {
  const query = useInfiniteQuery(options);
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return {
    items,
    total: query.data?.pages[0]?.total ?? 0,
    totalCapped: query.data?.pages[0]?.totalCapped ?? false,
    loaded: query.isSuccess,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore,
    fetching: query.isFetching && !query.isFetchingNextPage,
  };
}
