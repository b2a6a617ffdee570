/** /app/books/{id}: one book. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#/lib/i18n/format';
import { BookCover } from './book-cover';
import { bookQuery } from './books.queries';

const route = getRouteApi('/app/books/$id');

export function PageBook() {
  const { t, i18n } = useTranslation('catalog');
  const { id } = route.useParams();
  const { data: book } = useSuspenseQuery(bookQuery(id));
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <Link to="/app/books" search={{ searchTerm: '' }} className="self-start text-sm underline">
        {t('books.backToList')}
      </Link>
      <div className="flex gap-4">
        <BookCover book={book} className="h-36 w-24" />
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold">{book.title}</h1>
          <p className="text-lg">{book.author}</p>
          <p className="flex items-center gap-2 text-sm">
            <span className="inline-block size-3 rounded-full" style={{ backgroundColor: book.genre?.color ?? '#64748b' }} aria-hidden />
            {book.genre?.name ?? t('books.noGenre')}
          </p>
          {book.publisher && (
            <p className="text-sm text-neutral-700 dark:text-neutral-300">
              {t('book.publisher')}: {book.publisher}
            </p>
          )}
          <p className="text-sm text-neutral-700 dark:text-neutral-300">
            {t('books.addedOn', { date: formatDate(book.createdAt, i18n.language) })}
          </p>
        </div>
      </div>
    </article>
  );
}
