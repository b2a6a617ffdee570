import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchXIcon } from 'lucide-react';
import { SearchField } from '#/components/search-field';
import { EmptyState } from '#/components/ui/empty-state';
import { useList } from '#/lib/list-query';
import { useSearchInput } from '#/lib/use-search-input';
import { BookCard } from '#/components/book-card';
import { booksInfiniteQuery } from './books.queries';

const route = getRouteApi('/app/books/');
const PRELOAD_MARGIN = '100px';

export function PageBooks() {
  const { t } = useTranslation('catalog');
  const { searchTerm } = route.useSearch();
  const [term, setTerm] = useSearchInput(searchTerm);
  const { items: books, loaded, hasMore, loadingMore, loadMore, fetching } = useList(booksInfiniteQuery(searchTerm));
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !loadingMore) loadMore();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, loadMore]);

  return (
    <div className="flex w-full flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('books.title')}</h1>
      <SearchField
        label={t('books.search')}
        busyLabel={t('books.searching')}
        value={term}
        onChange={setTerm}
        busy={term.trim() !== searchTerm.trim() || fetching}
      />
      {loaded && books.length === 0 && <EmptyState icon={<SearchXIcon />} title={t('books.empty')} description={t('books.emptyHint')} />}
      <ul className="grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-5" data-testid="book-list">
        {books.map((book) => (
          <li key={book.id}>
            <BookCard book={book} sizes="(min-width: 1024px) 180px, 45vw" />
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden />
      {loadingMore && <p className="text-sm text-muted-foreground">{t('books.loadingMore')}</p>}
    </div>
  );
}
