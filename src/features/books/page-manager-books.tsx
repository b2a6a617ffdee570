/** /manager/books: a table with search (kept in the URL), 'Load more' and the counts. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ManagerList, ManagerListRow } from '#/components/manager-list';
import { buttonVariants } from '#/components/ui/button';
import { usePermission } from '#/features/auth/use-permission';
import { BookCover } from './book-cover';
import { booksInfiniteQuery } from './books.queries';

const route = getRouteApi('/manager/books/');

export function PageManagerBooks() {
  const { t } = useTranslation(['catalog', 'common']);
  const { searchTerm } = route.useSearch();
  const navigate = useNavigate();
  const onSearch = useCallback(
    (value: string) => void navigate({ to: '/manager/books', search: { searchTerm: value }, replace: true }),
    [navigate],
  );
  const query = useInfiniteQuery(booksInfiniteQuery(searchTerm));
  const canCreate = usePermission({ book: ['create'] });
  const books = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <ManagerList
      title={t('nav.books', { ns: 'common' })}
      action={
        canCreate && (
          <Link to="/manager/books/new" className={buttonVariants()}>
            {t('manager.newBook')}
          </Link>
        )
      }
      searchLabel={t('books.search')}
      searchTerm={searchTerm}
      onSearch={onSearch}
      columns={[t('book.title'), t('book.author'), t('book.genre'), t('book.publisher')]}
      count={books.length}
      total={query.data?.pages[0]?.total ?? 0}
      loaded={query.isSuccess}
      hasMore={query.hasNextPage}
      loadingMore={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
    >
      {books.map((book) => (
        <ManagerListRow key={book.id}>
          <td className="p-3">
            <span className="flex items-center gap-3">
              <BookCover book={book} className="h-8 w-6 text-xs" />
              <Link to="/manager/books/$id" params={{ id: book.id }} className="font-medium underline-offset-2 hover:underline">
                {book.title}
              </Link>
            </span>
          </td>
          <td className="p-3">{book.author}</td>
          <td className="p-3">{book.genre?.name ?? t('books.noGenre')}</td>
          <td className="p-3">{book.publisher ?? ''}</td>
        </ManagerListRow>
      ))}
    </ManagerList>
  );
}
