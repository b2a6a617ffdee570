import { orpc } from '#/lib/api-client';
import { listInfiniteOptions, pageLimit } from '#/lib/list-query';

/** As the URL has them ('' = none). */
export interface UsersTableSearch {
  searchTerm: string;
  role: '' | 'admin' | 'user';
  status: '' | 'active' | 'banned';
  sort: '' | 'createdAt' | 'name' | 'email';
  order: '' | 'asc' | 'desc';
  limit: '' | '10' | '50' | '100';
}

export const usersInfiniteQuery = ({ searchTerm, role, status, sort, order, limit }: UsersTableSearch) =>
  listInfiniteOptions(orpc.users.list, searchTerm, {
    role: role || undefined,
    status: status || undefined,
    sort: sort || undefined,
    order: order || undefined,
    limit: pageLimit(limit),
  });

/** How many users of the list have each role and status (the table's facet menus). */
export const userFacetsQuery = ({ searchTerm, role, status }: Pick<UsersTableSearch, 'searchTerm' | 'role' | 'status'>) =>
  orpc.users.facets.queryOptions({ input: { searchTerm, role: role || undefined, status: status || undefined } });

export const userQuery = (id: string) => orpc.users.get.queryOptions({ input: { id } });

export const userSessionsQuery = (id: string) => orpc.users.sessions.queryOptions({ input: { id } });

export const userApiKeysQuery = (id: string) => orpc.apiKeys.ofUser.queryOptions({ input: { id } });

/** What the person did lately: the first page of the audit log with them as the actor. */
export const userActivityQuery = (id: string) => orpc.audit.list.queryOptions({ input: { actorId: id, limit: 10 } });
