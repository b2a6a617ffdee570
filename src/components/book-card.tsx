import { Link } from '@tanstack/react-router';
import { BookCover } from './book-cover';

/** A book in a cover grid: the cover, then the title and author under it; the whole card opens the book. */
export function BookCard({
  book,
  sizes,
}: {
  book: { id: string; title: string; author: string; genre: { color: string } | null; coverImage: string | null };
  sizes: string;
}) {
  return (
    <Link
      to="/app/books/$id"
      params={{ id: book.id }}
      className="group flex flex-col gap-2 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      <BookCover
        book={book}
        className="w-full transition-shadow group-hover:shadow-xl group-focus-visible:shadow-xl motion-safe:transition-[transform,box-shadow] motion-safe:group-hover:-translate-y-1"
        lazy
        sizes={sizes}
      />
      <span className="flex min-w-0 flex-col">
        {/* Each in its own direction (cut at its own end), aligned with the page: a Latin title in Arabic starts at the right. */}
        <span dir="auto" className="line-clamp-2 text-sm font-semibold align-with-page group-hover:underline">
          {book.title}
        </span>
        <span dir="auto" className="truncate text-sm text-muted-foreground align-with-page">
          {book.author}
        </span>
      </span>
    </Link>
  );
}
