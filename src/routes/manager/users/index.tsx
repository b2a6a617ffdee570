import { createFileRoute } from '@tanstack/react-router';
import { ListSkeleton } from '#/components/page-skeletons';
import { PageManagerUsers } from '#/features/users/page-manager-users';
import { usersInfiniteQuery } from '#/features/users/users.queries';
import { optionParam, pageSizeParam, tableRoute } from '#/lib/search-params';
import { loadInfiniteQuery } from '#/lib/query-client';

export const Route = createFileRoute('/manager/users/')({
  staticData: { title: 'nav.users', namespaces: ['users', 'tables'] },
  ...tableRoute({
    role: optionParam(['admin', 'user']),
    status: optionParam(['active', 'banned']),
    sort: optionParam(['createdAt', 'name', 'email']),
    order: optionParam(['asc', 'desc']),
    limit: pageSizeParam,
  }),
  loader: ({ context, deps }) => loadInfiniteQuery(context.queryClient, usersInfiniteQuery(deps)),
  pendingComponent: ListSkeleton,
  component: PageManagerUsers,
});
