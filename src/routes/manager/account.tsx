import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { myApiKeysQuery, myPasskeysQuery, mySessionsQuery, ownActivityQuery, signInMethodsQuery } from '#/features/account/account.queries';
import { accountSearch } from '#/features/account/account.schema';
import { PageAccount } from '#/features/account/page-account';

export const Route = createFileRoute('/manager/account')({
  staticData: { title: 'nav.account', namespaces: ['account', 'images', 'audit'] },
  validateSearch: accountSearch,
  search: { middlewares: [stripSearchParams({ state: '', newEmail: '', error: '' })] },
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(mySessionsQuery),
      context.queryClient.ensureQueryData(myPasskeysQuery),
      context.queryClient.ensureQueryData(myApiKeysQuery),
      context.queryClient.ensureQueryData(signInMethodsQuery),
      context.queryClient.ensureInfiniteQueryData(ownActivityQuery),
    ]),
  component: PageAccount,
});
