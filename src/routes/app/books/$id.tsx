import { createFileRoute } from '@tanstack/react-router';
import { DetailSkeleton } from '#/components/page-skeletons';
import { bookQuery, booksInfiniteQuery } from '#/features/books/books.queries';
import { PageBook } from '#/features/books/page-book';
import { pageTitle } from '#/lib/utils';
import { loadInfiniteQuery, loadQuery, orNotFound } from '#/lib/query-client';

export const Route = createFileRoute('/app/books/$id')({
  staticData: { namespaces: ['catalog', 'tables'] },
  loader: async ({ context, params }) => {
    const [book] = await Promise.all([
      orNotFound(loadQuery(context.queryClient, bookQuery(params.id))),
      loadInfiniteQuery(context.queryClient, booksInfiniteQuery('')),
    ]);
    return book;
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title) }] }),
  pendingComponent: DetailSkeleton,
  component: PageBook,
});
