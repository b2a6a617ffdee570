// A number in a card, as shadcn's dashboard-01: its label (with an icon) and what qualifies it on the first row,
// the value large, an optional footer. Each card is a subgrid of its list's rows (a `<dl>` with `grid`), so the
// values line up however their labels wrap. The manager's dashboard and an organisation's overview show them.
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#/lib/utils';

/** A wash of the brand from the bottom in light mode, the card's own colour in dark. */
export const statCardFinish = 'bg-linear-to-t from-brand/5 to-card dark:bg-card';

export function StatCard({
  label,
  icon: Icon,
  aside,
  value,
  footer,
  interactive = false,
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'children'> & {
  /** A link whose `after:absolute after:inset-0` covers the card makes the whole card open it. */
  label: ReactNode;
  icon: LucideIcon;
  /** At the row's end: a badge (a trend, 'Now', 'Pending'). */
  aside?: ReactNode;
  value: ReactNode;
  footer?: ReactNode;
  /** The card opens something: it answers the pointer. */
  interactive?: boolean;
}) {
  return (
    <div
      className={cn(
        'relative grid min-w-0 grid-rows-subgrid gap-y-2 rounded-xl border p-4 shadow-xs sm:p-5',
        footer === undefined ? 'row-span-2' : 'row-span-3',
        statCardFinish,
        interactive && 'hover:to-muted/50',
        className,
      )}
      {...props}
    >
      <dt className="flex flex-wrap items-start justify-between gap-2 text-sm text-muted-foreground">
        <span className="flex min-w-0 items-center gap-1.5">
          <Icon aria-hidden className="size-4 shrink-0" />
          {label}
        </span>
        {aside}
      </dt>
      <dd className="text-2xl font-semibold tabular-nums sm:text-3xl">{value}</dd>
      {footer !== undefined && <dd className="relative flex flex-col gap-0.5 text-xs sm:text-sm">{footer}</dd>}
    </div>
  );
}

/** The label as a link over the whole card. */
export const statCardLinkClass = 'break-words after:absolute after:inset-0 after:rounded-xl hover:underline';
