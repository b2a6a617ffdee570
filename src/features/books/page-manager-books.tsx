/** /manager/books: a table with search (kept in the URL), 'Load more' and the counts. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '#/components/ui/button';
import { usePermission } from '#/features/auth/use-permission';
import { Input } from '#/components/ui/input';
import { useSearchInput } from '#/lib/use-search-input';
import { BookCover } from './book-cover';
import { booksInfiniteQuery } from './books.queries';

const route = getRouteApi('/manager/books/');

export function PageManagerBooks() {
  const { t } = useTranslation(['catalog', 'common']);
  const { searchTerm } = route.useSearch();
  const navigate = useNavigate();
  const searchId = useId();
  const commitSearch = useCallback(
    (value: string) => void navigate({ to: '/manager/books', search: { searchTerm: value }, replace: true }),
    [navigate],
  );
  const [term, setTerm] = useSearchInput(searchTerm, commitSearch);
  const query = useInfiniteQuery(booksInfiniteQuery(searchTerm));
  const canCreate = usePermission({ book: ['create'] });

  const books = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return (
    <div className="flex w-full flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('nav.books', { ns: 'common' })}</h1>
        {canCreate && (
          <Link to="/manager/books/new" className={buttonVariants()}>
            {t('manager.newBook')}
          </Link>
        )}
      </div>
      <label htmlFor={searchId} className="sr-only">
        {t('books.search')}
      </label>
      <Input
        id={searchId}
        type="search"
        className="max-w-sm"
        placeholder={t('books.search')}
        value={term}
        onChange={(e) => setTerm(e.target.value)}
      />
      {searchTerm && query.isSuccess && (
        <p className="text-sm" data-testid="search-results">
          {t('manager.results', { count: total, total, searchTerm })}
        </p>
      )}
      <div className="overflow-x-auto rounded-lg border border-neutral-200 dark:border-neutral-800">
        <table className="w-full text-start text-sm">
          <thead className="bg-neutral-50 dark:bg-neutral-900">
            <tr>
              <th scope="col" className="p-3 text-start">
                {t('book.title')}
              </th>
              <th scope="col" className="p-3 text-start">
                {t('book.author')}
              </th>
              <th scope="col" className="p-3 text-start">
                {t('book.genre')}
              </th>
              <th scope="col" className="p-3 text-start">
                {t('book.publisher')}
              </th>
            </tr>
          </thead>
          <tbody>
            {books.map((book) => (
              <tr key={book.id} className="border-t border-neutral-200 dark:border-neutral-800">
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
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {query.isSuccess && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-neutral-700 dark:text-neutral-300" data-testid="showing">
            {t('manager.showing', { count: books.length, total })}
          </p>
          {query.hasNextPage && (
            <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t('manager.loadMore')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
