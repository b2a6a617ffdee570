import { createFileRoute } from '@tanstack/react-router';
import { booksInfiniteQuery } from '#/features/books/books.queries';
import { PageManagerBooks } from '#/features/books/page-manager-books';
import { listRoute } from '#/lib/search-params';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/manager/books/')({
  staticData: { namespaces: ['catalog'] },
  ...listRoute,
  loader: ({ context, deps }) => context.queries.ensureInfinite(booksInfiniteQuery(deps.searchTerm)),
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('nav.books')) }] }),
  component: PageManagerBooks,
});
