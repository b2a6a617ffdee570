import { orpc } from '#/lib/api-client';
import { listInfiniteOptions } from '#/lib/list-query';

export const usersInfiniteQuery = (searchTerm: string) => listInfiniteOptions(orpc.users.list, searchTerm);

export const userQuery = (id: string) => orpc.users.get.queryOptions({ input: { id } });

export const userSessionsQuery = (id: string) => orpc.users.sessions.queryOptions({ input: { id } });
