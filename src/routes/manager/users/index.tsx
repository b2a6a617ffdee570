import { createFileRoute } from '@tanstack/react-router';
import { PageManagerUsers } from '#/features/users/page-manager-users';
import { usersInfiniteQuery } from '#/features/users/users.queries';
import { listRoute } from '#/lib/search-params';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/manager/users/')({
  staticData: { namespaces: ['users'] },
  ...listRoute,
  loader: ({ context, deps }) => context.queries.ensureInfinite(usersInfiniteQuery(deps.searchTerm)),
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('nav.users')) }] }),
  component: PageManagerUsers,
});
