import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import {
  myApiKeysQuery,
  myPasskeysQuery,
  mySessionsQuery,
  myTrustedDevicesQuery,
  ownActivityQuery,
  signInMethodsQuery,
} from '#/features/account/account.queries';
import { accountSearch } from '#/features/account/account.schema';
import { PageAccount } from '#/features/account/page-account';
import { loadQuery, loadInfiniteQuery } from '#/lib/query-client';

export const Route = createFileRoute('/manager/account')({
  staticData: { title: 'nav.account', namespaces: ['account', 'images', 'audit'] },
  validateSearch: accountSearch,
  search: { middlewares: [stripSearchParams({ state: '', newEmail: '', error: '' })] },
  loader: ({ context }) =>
    Promise.all([
      loadQuery(context.queryClient, mySessionsQuery),
      loadQuery(context.queryClient, myTrustedDevicesQuery),
      loadQuery(context.queryClient, myPasskeysQuery),
      loadQuery(context.queryClient, myApiKeysQuery),
      loadQuery(context.queryClient, signInMethodsQuery),
      loadInfiniteQuery(context.queryClient, ownActivityQuery),
    ]),
  component: PageAccount,
});
