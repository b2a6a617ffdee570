import { infiniteQueryOptions } from '@tanstack/react-query';
import { PAGE_SIZE, type ListInput } from './list';

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
