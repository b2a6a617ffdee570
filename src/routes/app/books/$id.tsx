import { createFileRoute } from '@tanstack/react-router';
import { DetailSkeleton } from '#/components/page-skeletons';
import { bookQuery, booksInfiniteQuery } from '#/features/books/books.queries';
import { PageBook } from '#/features/books/page-book';
import { pageTitle } from '#/lib/utils';
import { orNotFound } from '#/lib/query-client';

export const Route = createFileRoute('/app/books/$id')({
  staticData: { namespaces: ['catalog', 'tables'] },
  loader: async ({ context, params }) => {
    const [book] = await Promise.all([
      orNotFound(context.queryClient.ensureQueryData(bookQuery(params.id))),
      context.queryClient.ensureInfiniteQueryData(booksInfiniteQuery('')),
    ]);
    return book;
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title) }] }),
  pendingComponent: DetailSkeleton,
  component: PageBook,
});
