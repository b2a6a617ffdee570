import { orpc } from '#/lib/api-client';

export const mySessionsQuery = orpc.account.sessions.queryOptions();
