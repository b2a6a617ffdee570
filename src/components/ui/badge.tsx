import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '#/lib/utils';

export const badgeVariants = cva('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', {
  variants: {
    variant: {
      neutral: 'bg-neutral-100 text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100',
      warning: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
      danger: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
      info: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
      /** A good state (Active). */
      success: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
      /** The brand's accent (Admin). */
      accent: 'bg-brand/10 text-brand ring-1 ring-brand/30 ring-inset dark:bg-brand/25 dark:text-brand-light',
    },
  },
  defaultVariants: { variant: 'neutral' },
});

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
