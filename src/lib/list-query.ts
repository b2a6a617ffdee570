import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ListInput } from './list';

/**
 * TanStack Query's infinite list over keyset pages. It asks for no `limit`: the API's default is
 * the page size (`PAGE_SIZE` in list.ts, which this browser-side module does not load: it would
 * bring Zod into the list pages' first load).
 */
export const listInfiniteQuery = <T extends { nextCursor: string | null }>(
  queryKey: readonly unknown[],
  fetchPage: (input: ListInput) => Promise<T>,
  searchTerm: string,
) =>
  infiniteQueryOptions({
    queryKey: [...queryKey, { searchTerm }],
    queryFn: ({ pageParam }) => fetchPage({ searchTerm, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
