import { createFileRoute } from '@tanstack/react-router';
import { ListSkeleton } from '#/components/page-skeletons';
import { managerBooksInfiniteQuery } from '#/features/books/books.queries';
import { PageManagerBooks } from '#/features/books/page-manager-books';
import { idParam, optionParam, pageSizeParam, tableRoute } from '#/lib/search-params';

export const Route = createFileRoute('/manager/books/')({
  staticData: { title: 'nav.books', namespaces: ['catalog', 'tables'] },
  ...tableRoute({ genreId: idParam, sort: optionParam(['title', 'author']), order: optionParam(['asc', 'desc']), limit: pageSizeParam }),
  loader: ({ context, deps }) => context.queryClient.ensureInfiniteQueryData(managerBooksInfiniteQuery(deps)),
  pendingComponent: ListSkeleton,
  component: PageManagerBooks,
});
