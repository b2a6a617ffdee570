import { createFileRoute } from '@tanstack/react-router';
import { ListSkeleton } from '#/components/page-skeletons';
import { booksInfiniteQuery } from '#/features/books/books.queries';
import { PageBooks } from '#/features/books/page-books';
import { listRoute } from '#/lib/search-params';
import { loadInfiniteQuery } from '#/lib/query-client';

export const Route = createFileRoute('/app/books/')({
  staticData: { title: 'nav.books', namespaces: ['catalog'] },
  ...listRoute,
  loader: ({ context, deps }) => loadInfiniteQuery(context.queryClient, booksInfiniteQuery(deps.searchTerm)),
  pendingComponent: ListSkeleton,
  component: PageBooks,
});
