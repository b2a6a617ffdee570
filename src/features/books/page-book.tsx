import { useInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#/components/ui/page-header';
import { useDates } from '#/lib/i18n/use-dates';
import { BookCover } from '#/components/book-cover';
import { bookQuery, booksInfiniteQuery } from './books.queries';

const route = getRouteApi('/app/books/$id');

function BesideList({ currentId }: { currentId: string }) {
  const { t } = useTranslation('catalog');
  const books = useInfiniteQuery(booksInfiniteQuery('')).data?.pages.flatMap((p) => p.items) ?? [];
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

export function PageBook() {
  const { t } = useTranslation('catalog');
  const dates = useDates();
  const { id } = route.useParams();
  const { data: book } = useSuspenseQuery(bookQuery(id));
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <BesideList currentId={id} />
      <article className="flex w-full flex-col gap-4">
        <PageHeader
          crumbs={[{ label: t('nav.books', { ns: 'common' }), to: '/app/books' }, { label: <bdi>{book.title}</bdi> }]}
          breadcrumbLabel={t('breadcrumb', { ns: 'tables' })}
          title={book.title}
        />
        <div className="flex gap-4">
          <BookCover book={book} className="w-32 sm:w-40" sizes="160px" />
          <div className="flex flex-col gap-1">
            <p className="text-lg" dir="auto">
              {book.author}
            </p>
            <p className="flex items-center gap-2 text-sm">
              <span className="inline-block size-3 rounded-full" style={{ backgroundColor: book.genre?.color ?? '#64748b' }} aria-hidden />
              <bdi>{book.genre?.name ?? t('books.noGenre')}</bdi>
            </p>
            {book.publisher && (
              <p className="text-sm text-muted-foreground">
                {t('book.publisher')}: <bdi>{book.publisher}</bdi>
              </p>
            )}
            <p className="text-sm text-muted-foreground">{t('books.addedOn', { date: dates.date(book.createdAt) })}</p>
          </div>
        </div>
      </article>
    </div>
  );
}
