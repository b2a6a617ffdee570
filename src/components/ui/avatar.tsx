/**
 * A person's picture, or their initials on a colour drawn from their name when there is no
 * picture (or it fails to load). `src` is the uploaded picture's address, when there is one.
 */
import { useState } from 'react';
import { cn } from '#/lib/utils';

/** Up to two initials: of the first and last words of the name, else the e-mail's first letter. */
export function initials(name?: string | null, email?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/u).filter(Boolean);
  const first = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '') : '');
  if (words.length > 0) return (first(words[0]) + (words.length > 1 ? first(words.at(-1)) : '')).toLocaleUpperCase();
  return first(email?.trim()).toLocaleUpperCase() || '?';
}

// Tones that keep white text at 4.5:1 or more.
const TONES = ['bg-purple-700', 'bg-blue-700', 'bg-emerald-700', 'bg-amber-700', 'bg-rose-700', 'bg-cyan-700', 'bg-fuchsia-700'];

function tone(seed: string) {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return TONES[hash % TONES.length];
}

const SIZES = { sm: 'size-7 text-xs', md: 'size-9 text-sm', lg: 'size-14 text-lg' } as const;

export interface AvatarProps {
  name?: string | null;
  email?: string | null;
  /** The picture's address; initials are shown without it. */
  src?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}

export function Avatar({ name, email, src, size = 'md', className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(src) && failed !== src;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full font-semibold text-white',
        SIZES[size],
        !showImage && tone(name || email || ''),
        className,
      )}
      aria-hidden
    >
      {showImage ? (
        <img src={src!} alt="" className="size-full object-cover" onError={() => setFailed(src ?? null)} />
      ) : (
        <span dir="auto">{initials(name, email)}</span>
      )}
    </span>
  );
}
