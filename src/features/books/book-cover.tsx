import type { Book } from './books.schema';

/** A cover placeholder in the genre's colour, with the title's first letter. */
export function BookCover({ book, className = 'h-20 w-14' }: { book: Pick<Book, 'title' | 'genre'>; className?: string }) {
  return (
    <div
      aria-hidden
      className={`flex shrink-0 items-center justify-center rounded-sm text-xl font-bold text-white shadow-sm ${className}`}
      style={{ backgroundColor: book.genre?.color ?? '#64748b' }}
    >
      {book.title.trim().charAt(0).toUpperCase()}
    </div>
  );
}
