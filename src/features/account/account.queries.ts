import { orpc } from '#/lib/api-client';

export const mySessionsQuery = orpc.account.sessions.queryOptions();

export const myTrustedDevicesQuery = orpc.account.trustedDevices.queryOptions();

export const myPasskeysQuery = orpc.account.passkeys.queryOptions();

export const myApiKeysQuery = orpc.apiKeys.mine.queryOptions();

export const signInMethodsQuery = orpc.account.signInMethods.queryOptions();

export const ownActivityQuery = orpc.audit.mine.infiniteOptions({
  input: (cursor: string | null) => (cursor ? { cursor } : {}),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});
