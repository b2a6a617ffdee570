import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { DetailSkeleton } from '#/components/page-skeletons';
import { PageManagerUser } from '#/features/users/page-manager-user';
import { userActivityQuery, userApiKeysQuery, userQuery, userSessionsQuery } from '#/features/users/users.queries';
import { oneOfParam, searchParams } from '#/lib/search-params';
import { pageTitle } from '#/lib/utils';
import { loadQuery, orNotFound } from '#/lib/query-client';

const USER_TABS = ['overview', 'sessions', 'activity'] as const;

export const Route = createFileRoute('/manager/users/$id/')({
  staticData: { namespaces: ['users', 'tables', 'images', 'audit', 'account'] },
  validateSearch: searchParams<{ tab: (typeof USER_TABS)[number] }>({ tab: oneOfParam(USER_TABS) }),
  search: { middlewares: [stripSearchParams({ tab: 'overview' as const })] },
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: async ({ context, params, deps }) => {
    const { queryClient } = context;
    const [user] = await orNotFound(
      Promise.all([
        loadQuery(queryClient, userQuery(params.id)),
        deps.tab === 'sessions' && loadQuery(queryClient, userSessionsQuery(params.id)),
        // Shown beside the sessions with the API keys' own permission; without it the section is not.
        deps.tab === 'sessions' && loadQuery(queryClient, userApiKeysQuery(params.id)).catch(() => null),
        // The activity tab needs the audit log's permission; without it the tab is not offered.
        deps.tab === 'activity' && loadQuery(queryClient, userActivityQuery(params.id)).catch(() => null),
      ]),
    );
    return user;
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.name || loaderData?.email) }] }),
  pendingComponent: DetailSkeleton,
  component: PageManagerUser,
});
