import type { CSSProperties } from 'react';
import { imageSources } from '#/lib/image-sources';
import { cn } from '#/lib/utils';

// Each line takes its direction from its own text, as `dir="auto"` would.
const drawn = 'hyphens-auto [unicode-bidi:plaintext] before:content-[attr(data-text)]';

/** A letter's width in Fraunces semibold, in ems, roughly: enough to size a title to its longest word. */
function letterWidth(letter: string): number {
  if (/[ilfjtr'’.,:;!|]/u.test(letter)) return 0.38;
  if (/[mwMW]/u.test(letter)) return 0.95;
  if (letter !== letter.toLowerCase()) return 0.75;
  return 0.62;
}

// The title's room, in container units: 66 wide (the cover's width less its margins), about 80 high (its
// height, 150, less the margins and the author's lines), in lines 1.08 of the size high, each line wrapped at a
// word and so some 15 % short of full.
const TITLE_WIDTH = 66;
const TITLE_HEIGHT = 80;
const LINE_HEIGHT = 1.08;
const LINE_FILL = 0.85;

/**
 * The title's size in container units: its longest word fits the line (less a margin), and the whole title
 * fits the room, so a long one shrinks rather than being cut; never below 7 (nor above 14).
 */
export function titleSize(title: string): string {
  const words = title
    .split(/\s+/u)
    .filter(Boolean)
    .map((word) => Array.from(word).reduce((n, c) => n + letterWidth(c), 0));
  const widest = Math.max(0.5, ...words);
  const total = words.reduce((n, width) => n + width, 0) + 0.25 * Math.max(0, words.length - 1);
  const byRoom = Math.sqrt((TITLE_WIDTH * TITLE_HEIGHT * LINE_FILL) / (LINE_HEIGHT * Math.max(total, 0.5)));
  return `${Math.max(7, Math.min(14, (TITLE_WIDTH - 4) / widest, byRoom)).toFixed(1)}cqw`;
}

/**
 * A book's cover: its picture over a cover drawn from its title, author and genre, which shows while
 * the picture loads and stays where there is none. Decorative: the title is always written beside it.
 * The light and shade (src/styles.css, `.book-cover`) lie over the picture too. Below 64 px wide
 * (table rows) the words give way to two marks. `lazy` for lists, where most covers are below the fold.
 */
export function BookCover({
  book,
  className = 'w-14',
  lazy = false,
  sizes = '96px',
}: {
  book: { title: string; author: string; genre: { color: string } | null; coverImage?: string | null };
  /** Its width; the height follows (2:3). Shadow and lift on hover are the caller's (`group-hover:`). */
  className?: string;
  lazy?: boolean;
  /** For the browser's choice of copy. */
  sizes?: string;
}) {
  const picture = book.coverImage ? imageSources(book.coverImage) : null;
  const tint = book.genre?.color ? ({ '--cover-tint': book.genre.color } as CSSProperties) : undefined;
  return (
    <div
      aria-hidden
      data-cover="generated"
      className={cn('book-cover @container relative aspect-[2/3] shrink-0 overflow-hidden rounded-xs rounded-e-sm shadow-md', className)}
      style={tint}
    >
      <div className="absolute inset-[6cqw] start-[15cqw] rounded-[1px] border border-white/25" />
      <div className="relative flex h-full flex-col justify-between py-[14cqw] ps-[22cqw] pe-[12cqw] text-start">
        {/* Drawn, not written (CSS content): a page's text and its tests find the title once, beside the cover. */}
        <span
          className={cn(
            drawn,
            'book-cover-title line-clamp-10 font-display leading-[1.08] font-semibold wrap-break-word @max-[4rem]:hidden',
          )}
          style={{ fontSize: titleSize(book.title) }}
          data-text={book.title}
        />
        <span className="flex flex-col gap-[5cqw] @max-[4rem]:hidden">
          <span className="h-px w-[24cqw] bg-white/60" />
          <span
            className={cn(drawn, 'line-clamp-2 text-[8.5cqw] leading-tight font-medium tracking-wide uppercase opacity-90')}
            data-text={book.author}
          />
        </span>
        {/* A small cover's title and author, as marks. */}
        <span className="hidden flex-col gap-[10cqw] @max-[4rem]:flex">
          <span className="h-[8cqw] w-[60cqw] rounded-full bg-white/80" />
          <span className="h-[6cqw] w-[40cqw] rounded-full bg-white/55" />
        </span>
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
      <div className="book-cover-light pointer-events-none absolute inset-0" />
    </div>
  );
}
