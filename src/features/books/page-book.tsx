import { useInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Badge } from '#/components/ui/badge';
import { NoValue } from '#/components/ui/no-value';
import { PageHeader } from '#/components/ui/page-header';
import { cn } from '#/lib/utils';
import { useDates } from '#/lib/i18n/use-dates';
import { BookCover } from '#/components/book-cover';
import { bookQuery, booksInfiniteQuery } from './books.queries';

const route = getRouteApi('/app/books/$id');

type ListedBook = { id: string; title: string };

function BesideList({ books, currentId }: { books: ListedBook[]; currentId: string }) {
  const { t } = useTranslation('catalog');
  return (
    <nav aria-label={t('books.title')} className="hidden sm:block" data-testid="books-beside">
      <ul className="flex flex-col gap-1">
        {books.map((b) => (
          <li key={b.id}>
            <Link
              to="/app/books/$id"
              params={{ id: b.id }}
              aria-current={b.id === currentId ? 'page' : undefined}
              className="block rounded-md px-2 py-1 text-sm hover:bg-accent aria-[current=page]:bg-accent aria-[current=page]:font-semibold"
            >
              <bdi>{b.title}</bdi>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The books before and after this one in the list beside it (A to Z). */
function Neighbours({ books, currentId }: { books: ListedBook[]; currentId: string }) {
  const { t } = useTranslation('catalog');
  const i = books.findIndex((b) => b.id === currentId);
  if (i < 0) return null;
  const [previous, next] = [books[i - 1], books[i + 1]];
  const link = (book: ListedBook | undefined, rel: 'prev' | 'next') =>
    book ? (
      <Link
        to="/app/books/$id"
        params={{ id: book.id }}
        rel={rel}
        className={cn(
          'flex min-w-0 items-center gap-2 rounded-md p-2 text-sm hover:bg-accent',
          rel === 'next' && 'ms-auto flex-row-reverse text-end',
        )}
      >
        {rel === 'prev' ? (
          <ChevronLeftIcon aria-hidden className="size-4 shrink-0 rtl:-scale-x-100" />
        ) : (
          <ChevronRightIcon aria-hidden className="size-4 shrink-0 rtl:-scale-x-100" />
        )}
        <span className="flex min-w-0 flex-col">
          <span className="text-xs text-muted-foreground">{t(rel === 'prev' ? 'books.previous' : 'books.next')}</span>
          <bdi className="truncate font-medium">{book.title}</bdi>
        </span>
      </Link>
    ) : null;
  return (
    <nav aria-label={t('books.neighbours')} className="flex gap-2 border-t pt-4" data-testid="book-neighbours">
      {link(previous, 'prev')}
      {link(next, 'next')}
    </nav>
  );
}

export function PageBook() {
  const { t } = useTranslation('catalog');
  const dates = useDates();
  const { id } = route.useParams();
  const { data: book } = useSuspenseQuery(bookQuery(id));
  const books = useInfiniteQuery(booksInfiniteQuery('')).data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <BesideList books={books} currentId={id} />
      <article className="flex w-full min-w-0 flex-col gap-6">
        <PageHeader
          crumbs={[{ label: t('nav.books', { ns: 'common' }), to: '/app/books' }, { label: <bdi>{book.title}</bdi> }]}
          breadcrumbLabel={t('breadcrumb', { ns: 'tables' })}
          title={book.title}
        />
        <div className="flex flex-col gap-6 sm:flex-row">
          <BookCover book={book} className="w-40 shrink-0 shadow-xl sm:w-48" sizes="192px" />
          <div className="flex min-w-0 flex-col items-start gap-4">
            <Badge className="gap-1.5">
              <span className="inline-block size-2 rounded-full" style={{ backgroundColor: book.genre?.color ?? '#64748b' }} aria-hidden />
              <bdi>{book.genre?.name ?? t('books.noGenre')}</bdi>
            </Badge>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t('book.author')}</dt>
              <dd className="align-with-page" dir="auto">
                {book.author}
              </dd>
              <dt className="text-muted-foreground">{t('book.publisher')}</dt>
              <dd>{book.publisher ? <bdi>{book.publisher}</bdi> : <NoValue />}</dd>
              <dt className="text-muted-foreground">{t('books.added')}</dt>
              <dd>{dates.date(book.createdAt)}</dd>
            </dl>
          </div>
        </div>
        <Neighbours books={books} currentId={id} />
      </article>
    </div>
  );
}
