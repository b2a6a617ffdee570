import { createFileRoute } from '@tanstack/react-router';
import { bookQuery } from '#/features/books/books.queries';
import { PageBook } from '#/features/books/page-book';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/app/books/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(bookQuery(params.id)),
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title) }] }),
  component: PageBook,
});
