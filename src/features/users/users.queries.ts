import { orpc } from '#/lib/api-client';
import { listInfiniteOptions } from '#/lib/list-query';

/** As the URL has them ('' = none). */
export interface UsersTableSearch {
  searchTerm: string;
  role: '' | 'admin' | 'user';
  status: '' | 'active' | 'banned';
  sort: '' | 'createdAt' | 'name' | 'email';
  order: '' | 'asc' | 'desc';
}

export const usersInfiniteQuery = ({ searchTerm, role, status, sort, order }: UsersTableSearch) =>
  listInfiniteOptions(orpc.users.list, searchTerm, {
    role: role || undefined,
    status: status || undefined,
    sort: sort || undefined,
    order: order || undefined,
  });

export const userQuery = (id: string) => orpc.users.get.queryOptions({ input: { id } });

export const userSessionsQuery = (id: string) => orpc.users.sessions.queryOptions({ input: { id } });
