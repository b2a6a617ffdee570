import { createFileRoute } from '@tanstack/react-router';
import { DetailSkeleton } from '#/components/page-skeletons';
import { PageManagerUser } from '#/features/users/page-manager-user';
import { userQuery, userSessionsQuery } from '#/features/users/users.queries';
import { pageTitle } from '#/lib/utils';
import { orNotFound } from '#/lib/query-client';

export const Route = createFileRoute('/manager/users/$id/')({
  staticData: { namespaces: ['users', 'tables', 'images', 'audit'] },
  loader: async ({ context, params }) => {
    const [user] = await orNotFound(
      Promise.all([
        context.queryClient.ensureQueryData(userQuery(params.id)),
        context.queryClient.ensureQueryData(userSessionsQuery(params.id)),
      ]),
    );
    return user;
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.name || loaderData?.email) }] }),
  pendingComponent: DetailSkeleton,
  component: PageManagerUser,
});
