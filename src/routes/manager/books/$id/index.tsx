import { createFileRoute } from '@tanstack/react-router';
import { DetailSkeleton } from '#/components/page-skeletons';
import { bookQuery } from '#/features/books/books.queries';
import { PageManagerBook } from '#/features/books/page-manager-book';
import { pageTitle } from '#/lib/utils';
import { loadQuery, orNotFound } from '#/lib/query-client';

export const Route = createFileRoute('/manager/books/$id/')({
  staticData: { namespaces: ['catalog', 'tables', 'audit'] },
  loader: ({ context, params }) => orNotFound(loadQuery(context.queryClient, bookQuery(params.id))),
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title) }] }),
  pendingComponent: DetailSkeleton,
  component: PageManagerBook,
});
