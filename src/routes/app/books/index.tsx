import { createFileRoute } from '@tanstack/react-router';
import { ListSkeleton } from '#/components/page-skeletons';
import { booksInfiniteQuery } from '#/features/books/books.queries';
import { PageBooks } from '#/features/books/page-books';
import { listRoute } from '#/lib/search-params';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/app/books/')({
  staticData: { namespaces: ['catalog'] },
  ...listRoute,
  loader: ({ context, deps }) => context.queries.ensureInfinite(booksInfiniteQuery(deps.searchTerm)),
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('nav.books')) }] }),
  pendingComponent: ListSkeleton,
  component: PageBooks,
});
