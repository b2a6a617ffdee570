import { imageSources } from '#/lib/image-sources';
import type { Book } from './books.schema';

/** `lazy` for lists, where most covers are below the fold. */
export function BookCover({
  book,
  className = 'h-20 w-14',
  lazy = false,
  sizes = '96px',
}: {
  book: Pick<Book, 'title' | 'genre'> & { coverImage?: string | null };
  className?: string;
  lazy?: boolean;
  /** For the browser's choice of copy. */
  sizes?: string;
}) {
  if (book.coverImage) {
    const { src, srcSet } = imageSources(book.coverImage);
    return (
      <img
        src={src}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        alt=""
        loading={lazy ? 'lazy' : 'eager'}
        decoding="async"
        data-cover="picture"
        className={`shrink-0 rounded-sm object-cover shadow-sm ${className}`}
      />
    );
  }
  return (
    <div
      aria-hidden
      data-cover="tile"
      className={`flex shrink-0 items-center justify-center rounded-sm text-xl font-bold text-white shadow-sm ${className}`}
      style={{ backgroundColor: book.genre?.color ?? '#64748b' }}
    >
      {book.title.trim().charAt(0).toUpperCase()}
    </div>
  );
}
