// Decorative: the name is always written beside it.
import { useState } from 'react';
import { imageSources } from '#/lib/image-sources';
import { cn } from '#/lib/utils';

function initials(name?: string | null, email?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/u).filter(Boolean);
  const first = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '') : '');
  if (words.length > 0) return (first(words[0]) + (words.length > 1 ? first(words.at(-1)) : '')).toLocaleUpperCase();
  return first(email?.trim()).toLocaleUpperCase() || '?';
}

// Tones that keep white text at 4.5:1 or more, the same in both themes.
// eslint-disable-next-line local/theme-tokens -- a fixed set of identity colours, not the theme's
const TONES = ['bg-purple-700', 'bg-blue-700', 'bg-emerald-700', 'bg-amber-700', 'bg-rose-700', 'bg-cyan-700', 'bg-fuchsia-700'];

function tone(seed: string) {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return TONES[hash % TONES.length];
}

/** The CSS width the browser picks a stored copy for. */
const SIZES = {
  // A table row's (about 44 px with p-2 cells, as shadcn's tables).
  xs: ['size-6 text-[10px]', 24],
  sm: ['size-7 text-xs', 28],
  md: ['size-9 text-sm', 36],
  lg: ['size-16 text-lg', 64],
  xl: ['size-24 text-3xl', 96],
} as const;

export interface AvatarProps {
  /** Keys the colour of the initials: stays when the name changes, differs for two people of one name. */
  id?: string;
  name?: string | null;
  email?: string | null;
  src?: string | null;
  size?: keyof typeof SIZES;
  /** Below the fold (lists): loaded when scrolled near. */
  lazy?: boolean;
  square?: boolean;
  className?: string;
}

export function Avatar({ id, name, email, src, size = 'md', lazy = false, square = false, className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(src) && failed !== src;
  const [sizeClass, px] = SIZES[size];
  const sources = showImage ? imageSources(src!) : null;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 select-none items-center justify-center overflow-hidden font-semibold text-white',
        square ? 'rounded-md' : 'rounded-full',
        sizeClass,
        !showImage && tone(id || name || email || ''),
        className,
      )}
      data-avatar={showImage ? undefined : 'initials'}
      aria-hidden
    >
      {sources ? (
        <img
          src={sources.src}
          srcSet={sources.srcSet}
          sizes={sources.srcSet ? `${px}px` : undefined}
          alt=""
          width={px}
          height={px}
          loading={lazy ? 'lazy' : 'eager'}
          decoding="async"
          data-avatar="picture"
          className="size-full object-cover"
          onError={() => setFailed(src ?? null)}
        />
      ) : (
        <span dir="auto">{initials(name, email)}</span>
      )}
    </span>
  );
}
