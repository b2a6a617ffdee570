import { createFileRoute } from '@tanstack/react-router';
import { ListSkeleton } from '#/components/page-skeletons';
import { managerBooksInfiniteQuery } from '#/features/books/books.queries';
import { PageManagerBooks } from '#/features/books/page-manager-books';
import { idParam, optionParam, pageSizeParam, tableRoute } from '#/lib/search-params';
import { loadInfiniteQuery } from '#/lib/query-client';

export const Route = createFileRoute('/manager/books/')({
  staticData: { title: 'nav.books', namespaces: ['catalog', 'tables'] },
  ...tableRoute({ genreId: idParam, sort: optionParam(['title', 'author']), order: optionParam(['asc', 'desc']), limit: pageSizeParam }),
  loader: ({ context, deps }) => loadInfiniteQuery(context.queryClient, managerBooksInfiniteQuery(deps)),
  pendingComponent: ListSkeleton,
  component: PageManagerBooks,
});
