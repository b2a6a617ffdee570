import { createFileRoute } from '@tanstack/react-router';
import { DetailSkeleton } from '#/components/page-skeletons';
import { sessionQuery } from '#/features/auth/session';
import { bookQuery, booksInfiniteQuery } from '#/features/books/books.queries';
import { rememberOpenedBook } from '#/features/books/last-opened.functions';
import { PageBook } from '#/features/books/page-book';
import { pageTitle } from '#/lib/utils';
import { loadInfiniteQuery, loadQuery, orNotFound } from '#/lib/query-client';

export const Route = createFileRoute('/app/books/$id')({
  staticData: { namespaces: ['catalog', 'tables'] },
  loader: async ({ context, params, preload }) => {
    const [book] = await Promise.all([
      orNotFound(loadQuery(context.queryClient, bookQuery(params.id))),
      loadInfiniteQuery(context.queryClient, booksInfiniteQuery('')),
    ]);
    // The home page's Continue card (decision 096); a link's preload is not an opening.
    const user = context.queryClient.getQueryData(sessionQuery.queryKey);
    if (user && book && !preload) rememberOpenedBook(user.id, book.id);
    return book;
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title) }] }),
  pendingComponent: DetailSkeleton,
  component: PageBook,
});
