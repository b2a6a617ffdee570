import { orpc } from '#/lib/api-client';
import { setFilters, type AuditSearch } from './audit.search';

/** The manager's audit list under its filters, in keyset pages. */
export const auditInfiniteQuery = (search: AuditSearch) =>
  orpc.audit.list.infiniteOptions({
    input: (cursor: string | null) => ({ ...setFilters(search), ...(cursor ? { cursor } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
