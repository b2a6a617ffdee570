import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { PageManagerUsers } from '#/features/users/page-manager-users';
import { usersInfiniteQuery } from '#/features/users/users.queries';
import { listSearch } from '#/lib/search-params';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/manager/users/')({
  staticData: { namespaces: ['users'] },
  validateSearch: listSearch,
  search: { middlewares: [stripSearchParams({ searchTerm: '' })] },
  loaderDeps: ({ search }) => ({ searchTerm: search.searchTerm }),
  loader: ({ context, deps }) => context.queries.ensureInfinite(usersInfiniteQuery(deps.searchTerm)),
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('nav.users')) }] }),
  component: PageManagerUsers,
});
