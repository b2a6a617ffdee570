import { createFileRoute } from '@tanstack/react-router';
import { ListSkeleton } from '#/components/page-skeletons';
import { PageManagerUsers } from '#/features/users/page-manager-users';
import { usersInfiniteQuery } from '#/features/users/users.queries';
import { optionParam, tableRoute } from '#/lib/search-params';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/manager/users/')({
  staticData: { namespaces: ['users', 'tables'] },
  ...tableRoute({
    role: optionParam(['admin', 'user']),
    status: optionParam(['active', 'banned']),
    sort: optionParam(['createdAt', 'name', 'email']),
    order: optionParam(['asc', 'desc']),
  }),
  loader: ({ context, deps }) => context.queries.ensureInfinite(usersInfiniteQuery(deps)),
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('nav.users')) }] }),
  pendingComponent: ListSkeleton,
  component: PageManagerUsers,
});
