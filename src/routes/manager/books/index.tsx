import { createFileRoute } from '@tanstack/react-router';
import { ListSkeleton } from '#/components/page-skeletons';
import { managerBooksInfiniteQuery } from '#/features/books/books.queries';
import { PageManagerBooks } from '#/features/books/page-manager-books';
import { idParam, optionParam, tableRoute } from '#/lib/search-params';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/manager/books/')({
  staticData: { namespaces: ['catalog', 'tables'] },
  ...tableRoute({ genreId: idParam, sort: optionParam(['title', 'author']), order: optionParam(['asc', 'desc']) }),
  loader: ({ context, deps }) => context.queries.ensureInfinite(managerBooksInfiniteQuery(deps)),
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('nav.books')) }] }),
  pendingComponent: ListSkeleton,
  component: PageManagerBooks,
});
