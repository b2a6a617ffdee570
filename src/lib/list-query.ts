/**
 * A searchable list (books, users) in TanStack Query: the infinite query over the API's keyset
 * pages, and what a list page shows of it.
 */
import type { ProcedureUtils } from '@orpc/tanstack-query';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ListInput } from './list';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number | null;
  totalCapped: boolean;
}

/** A list procedure of the product API, in TanStack Query (`orpc.books.list`). */
type ListProcedure<T, TError> = ProcedureUtils<Record<never, never>, ListInput, Page<T>, TError>;

/**
 * A list procedure's infinite query for one search. It asks for no `limit`: the API's default is the
 * page size (`PAGE_SIZE` in list.ts, which this browser-side module does not load: it would bring
 * Zod into the list pages' first load).
 */
export const listInfiniteOptions = <T, TError>(procedure: ListProcedure<T, TError>, searchTerm: string) =>
  procedure.infiniteOptions({
    input: (cursor: string | null) => ({ searchTerm, ...(cursor ? { cursor } : {}) }),
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
}

/** A list page's rows and state for one search: the items loaded so far, the total, and loading the next page. */
export function useList<T, TError>(procedure: ListProcedure<T, TError>, searchTerm: string): ListState<T> {
  const query = useInfiniteQuery(listInfiniteOptions(procedure, searchTerm));
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
  };
}
