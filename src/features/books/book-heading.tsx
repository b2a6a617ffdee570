import { useTranslation } from 'react-i18next';
import type { Book } from './books.schema';

/**
 * A book's title, author and genre, as its pages head them. What people typed is isolated
 * (`dir="auto"`, `<bdi>`): an English title keeps its order in an Arabic page.
 */
export function BookHeading({ book }: { book: Pick<Book, 'title' | 'author' | 'genre'> }) {
  const { t } = useTranslation('catalog');
  return (
    <>
      <h1 className="text-2xl font-bold" dir="auto">
        {book.title}
      </h1>
      <p className="text-lg" dir="auto">
        {book.author}
      </p>
      <p className="flex items-center gap-2 text-sm">
        <span className="inline-block size-3 rounded-full" style={{ backgroundColor: book.genre?.color ?? '#64748b' }} aria-hidden />
        <bdi>{book.genre?.name ?? t('books.noGenre')}</bdi>
      </p>
    </>
  );
}
