// The 404 and 403 pages' drawings: inline, in the theme's tokens (a fill or stroke class, never a colour), so
// they follow the dark theme and cost no request. A shelf, as the product is a shelf of books.
import type { ComponentProps } from 'react';
import { cn } from '#/lib/utils';

function Drawing({ className, children, ...props }: ComponentProps<'svg'>) {
  return (
    <svg
      aria-hidden
      focusable="false"
      viewBox="0 0 200 140"
      fill="none"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      data-illustration=""
      className={cn('h-28 w-auto shrink-0 text-muted-foreground', className)}
      {...props}
    >
      <rect x="16" y="112" width="168" height="6" rx="3" className="fill-border" />
      {children}
    </svg>
  );
}

/** A shelf with a book missing from its place, and a magnifier looking for it. */
export function NotFoundIllustration(props: ComponentProps<'svg'>) {
  return (
    <Drawing {...props}>
      <rect x="36" y="46" width="22" height="66" rx="3" className="fill-muted stroke-current opacity-70" />
      <path d="M40 58h14M40 100h14" className="stroke-current opacity-50" />
      <rect x="61" y="32" width="26" height="80" rx="3" className="fill-brand/15 stroke-brand" />
      <path d="M66 46h16M66 98h16" className="stroke-brand opacity-60" />
      <rect x="91" y="40" width="24" height="72" rx="3" strokeDasharray="4 4" className="stroke-current opacity-60" />
      <g transform="rotate(-10 119 112)">
        <rect x="119" y="50" width="22" height="62" rx="3" className="fill-muted stroke-current opacity-70" />
        <path d="M123 62h14" className="stroke-current opacity-50" />
      </g>
      <circle cx="154" cy="42" r="14" strokeWidth={4} className="fill-background stroke-brand" />
      <path d="M164 52l12 12" strokeWidth={6} className="stroke-brand" />
      <path d="M147 36a9 9 0 0 1 8-3" strokeWidth={2} className="stroke-brand opacity-50" />
    </Drawing>
  );
}

/** A book held shut by a strap and a padlock. */
export function ForbiddenIllustration(props: ComponentProps<'svg'>) {
  return (
    <Drawing {...props}>
      <rect x="58" y="24" width="72" height="88" rx="4" className="fill-muted stroke-current opacity-80" />
      <rect x="58" y="24" width="11" height="88" rx="3" className="fill-current opacity-15" />
      <path d="M80 40h36M80 48h24" className="stroke-current opacity-50" />
      <rect x="54" y="64" width="80" height="10" rx="2" className="fill-brand/25" />
      <path d="M121 66v-9a11 11 0 0 1 22 0v9" strokeWidth={5} className="stroke-brand" />
      <rect x="112" y="64" width="40" height="32" rx="6" className="fill-brand" />
      <circle cx="132" cy="77" r="4" className="fill-background" />
      <rect x="130.5" y="78" width="3" height="9" rx="1.5" className="fill-background" />
    </Drawing>
  );
}
