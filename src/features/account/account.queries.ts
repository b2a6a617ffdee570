import { orpc } from '#/lib/api-client';
import type { QueryClient } from '@tanstack/react-query';
import { loadInfiniteQuery, loadQuery } from '#/lib/query-client';

export const mySessionsQuery = orpc.account.sessions.queryOptions();

export const myTrustedDevicesQuery = orpc.account.trustedDevices.queryOptions();

export const myPasskeysQuery = orpc.account.passkeys.queryOptions();

export const myApiKeysQuery = orpc.apiKeys.mine.queryOptions();
/** The MCP clients the person connected with OAuth (docs/decisions/105-agents-signed-in-with-oauth.md). */
export const myConnectedAppsQuery = orpc.connectedApps.list.queryOptions();

export const signInMethodsQuery = orpc.account.signInMethods.queryOptions();

export const ownActivityQuery = orpc.audit.mine.infiniteOptions({
  input: (cursor: string | null) => (cursor ? { cursor } : {}),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

/** What the account page reads before it renders: one list for both sections' routes (`/app/account`, `/manager/account`). */
export const loadAccountPage = (client: QueryClient) =>
  Promise.all([
    loadQuery(client, mySessionsQuery),
    loadQuery(client, myTrustedDevicesQuery),
    loadQuery(client, myPasskeysQuery),
    loadQuery(client, myApiKeysQuery),
    loadQuery(client, myConnectedAppsQuery),
    loadQuery(client, signInMethodsQuery),
    loadInfiniteQuery(client, ownActivityQuery),
  ]);
