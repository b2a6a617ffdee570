import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadAccountPage } from '#/features/account/account.queries';
import { accountSearch } from '#/features/account/account.schema';
import { PageAccount } from '#/features/account/page-account';

export const Route = createFileRoute('/app/account')({
  staticData: { title: 'nav.account', namespaces: ['account', 'images', 'audit'] },
  validateSearch: accountSearch,
  search: { middlewares: [stripSearchParams({ state: '', newEmail: '', error: '' })] },
  loader: ({ context }) => loadAccountPage(context.queryClient),
  component: PageAccount,
});
