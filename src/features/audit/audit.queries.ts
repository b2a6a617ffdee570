import { orpc } from '#/lib/api-client';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '#/lib/audit-actions';
import type { AuditList } from './audit.schema';
import { rangeInOrder } from './audit-range';
import type { AuditSearch } from './audit.search';

const NO_EVENTS: AuditList = { items: [], nextCursor: null, total: 0, totalCapped: false };

/** A backwards range (from a link) is not asked for: the API would refuse it, and the filters say why. */
export const auditInfiniteQuery = (search: AuditSearch) => {
  const options = orpc.audit.list.infiniteOptions({
    input: (cursor: string | null) => ({ ...setFilters(search), ...(cursor ? { cursor } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  return rangeInOrder(search) ? options : { ...options, queryFn: async () => NO_EVENTS };
};

/** The actor filter's person, shown by name; an id that names no one is not asked again (it shows as itself). */
export const actorQuery = (id: string) => orpc.users.get.queryOptions({ input: { id }, retry: false });

type Action = (typeof AUDIT_ACTIONS)[number];
type TargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Not beside the search params' reader: the route tree would carry the list of actions. */
export const setFilters = (search: AuditSearch) => {
  const known = {
    ...search,
    action: (AUDIT_ACTIONS as readonly string[]).includes(search.action) ? search.action : '',
    targetType: (AUDIT_TARGET_TYPES as readonly string[]).includes(search.targetType) ? search.targetType : '',
  };
  return Object.fromEntries(Object.entries(known).filter(([, value]) => value !== '')) as Partial<
    Omit<AuditSearch, 'action' | 'targetType'> & { action: Action; targetType: TargetType }
  >;
};
