import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ListInput } from './list';

/** A list's page size: the infinite queries ask for it, the API defaults to it. */
export const PAGE_SIZE = 20;

/** TanStack Query's infinite list over keyset pages of PAGE_SIZE. */
export const listInfiniteQuery = <T extends { nextCursor: string | null }>(
  queryKey: readonly unknown[],
  fetchPage: (input: ListInput) => Promise<T>,
  searchTerm: string,
) =>
  infiniteQueryOptions({
    queryKey: [...queryKey, { searchTerm }],
    queryFn: ({ pageParam }) => fetchPage({ searchTerm, limit: PAGE_SIZE, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
