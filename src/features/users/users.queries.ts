import { queryOptions } from '@tanstack/react-query';
import { listInfiniteQuery } from '#/lib/list-query';
import { getUser, listUsers, listUserSessions } from './users.functions';

export const usersInfiniteQuery = (searchTerm: string) => listInfiniteQuery(['users', 'list'], (data) => listUsers({ data }), searchTerm);

export const userQuery = (id: string) => queryOptions({ queryKey: ['users', 'detail', id], queryFn: () => getUser({ data: { id } }) });

export const userSessionsQuery = (id: string) =>
  queryOptions({ queryKey: ['users', 'sessions', id], queryFn: () => listUserSessions({ data: { id } }) });
