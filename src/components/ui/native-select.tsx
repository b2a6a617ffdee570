import type { ComponentProps } from 'react';
import { cn } from '#/lib/utils';

/** The browser's own select, styled like our inputs: keyboard type-ahead and mobile pickers for free. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand dark:border-neutral-700 dark:bg-neutral-900',
        className,
      )}
      {...props}
    />
  );
}
