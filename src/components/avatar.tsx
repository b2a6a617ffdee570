/**
 * A person's avatar: their picture (every stored width in `srcset`, decision 037), or their
 * initials. Decorative: the name is always written beside it.
 */
import { imageSources } from '#/lib/image-sources';
import { cn } from '#/lib/utils';

export const initials = (name: string, email: string) =>
  (name.trim() || email)
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** Classes and the CSS width the browser picks a copy for. */
const SIZES = { xs: ['size-7 text-[0.65rem]', 28], sm: ['size-8 text-xs', 32], lg: ['size-16 text-lg', 64] } as const;

export function Avatar({
  user,
  size = 'sm',
  lazy = true,
  className,
}: {
  user: { name: string; email: string; image?: string | null };
  size?: keyof typeof SIZES;
  /** Below the fold (lists): loaded when scrolled near. The top bar's is eager. */
  lazy?: boolean;
  className?: string;
}) {
  const [sizeClass, px] = SIZES[size];
  const base = cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold', sizeClass, className);
  if (user.image) {
    const { src, srcSet } = imageSources(user.image);
    return (
      <img
        src={src}
        srcSet={srcSet}
        sizes={srcSet ? `${px}px` : undefined}
        alt=""
        width={px}
        height={px}
        loading={lazy ? 'lazy' : 'eager'}
        decoding="async"
        data-avatar="picture"
        className={cn(base, 'object-cover')}
      />
    );
  }
  return (
    <span
      aria-hidden
      data-avatar="initials"
      className={cn(base, 'bg-neutral-200 text-neutral-800 dark:bg-neutral-700 dark:text-neutral-100')}
    >
      {initials(user.name, user.email)}
    </span>
  );
}
