import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getUser, listUsers, listUserSessions } from './users.functions';
import { PAGE_SIZE } from './users.schema';

export const usersInfiniteQuery = (searchTerm: string) =>
  infiniteQueryOptions({
    queryKey: ['users', 'list', { searchTerm }],
    queryFn: ({ pageParam }) => listUsers({ data: { searchTerm, limit: PAGE_SIZE, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const userQuery = (id: string) => queryOptions({ queryKey: ['users', 'detail', id], queryFn: () => getUser({ data: { id } }) });

export const userSessionsQuery = (id: string) =>
  queryOptions({ queryKey: ['users', 'sessions', id], queryFn: () => listUserSessions({ data: { id } }) });
