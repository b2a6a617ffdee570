import { imageSources } from '#/lib/image-sources';
import { cn } from '#/lib/utils';

// Each line takes its direction from its own text, as `dir="auto"` would.
const drawn = 'leading-tight hyphens-auto [unicode-bidi:plaintext] before:content-[attr(data-text)]';

/**
 * A book's cover: its picture over a cover drawn from its title, author and genre, which shows while
 * the picture loads and stays where there is none. Decorative: the title is always written beside it.
 * `lazy` for lists, where most covers are below the fold.
 */
export function BookCover({
  book,
  className = 'w-14',
  lazy = false,
  sizes = '96px',
}: {
  book: { title: string; author: string; genre: { color: string } | null; coverImage?: string | null };
  /** Its width; the height follows (2:3). */
  className?: string;
  lazy?: boolean;
  /** For the browser's choice of copy. */
  sizes?: string;
}) {
  const picture = book.coverImage ? imageSources(book.coverImage) : null;
  // The genre's colour, muted into the card: the theme's text reads on it in light and dark.
  const tint = book.genre?.color ?? 'var(--muted-foreground)';
  return (
    <div
      aria-hidden
      data-cover="generated"
      className={cn('@container relative aspect-[2/3] shrink-0 overflow-hidden rounded-sm text-foreground shadow-sm', className)}
      style={{ backgroundColor: `color-mix(in oklab, ${tint} 20%, var(--card))` }}
    >
      <div className="absolute inset-y-0 start-0 w-[7%]" style={{ backgroundColor: tint }} />
      <div className="flex h-full flex-col justify-between gap-[6cqw] py-[10cqw] ps-[16cqw] pe-[9cqw] text-start">
        {/* Drawn, not written (CSS content): a page's text and its tests find the title once, beside the cover. */}
        <span className={cn(drawn, 'line-clamp-5 text-[12cqw] font-semibold')} data-text={book.title} />
        <span className={cn(drawn, 'line-clamp-2 text-[10cqw] opacity-80')} data-text={book.author} />
      </div>
      {picture && (
        <img
          src={picture.src}
          srcSet={picture.srcSet}
          sizes={picture.srcSet ? sizes : undefined}
          alt=""
          loading={lazy ? 'lazy' : 'eager'}
          decoding="async"
          data-cover="picture"
          className="absolute inset-0 size-full object-cover"
        />
      )}
    </div>
  );
}
