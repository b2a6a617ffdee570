/** A searchable list (books, users) in TanStack Query: the infinite query over the API's keyset pages. */
import type { ProcedureUtils } from '@orpc/tanstack-query';
import type { ListInput } from './list';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number | null;
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
