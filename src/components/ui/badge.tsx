import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '#/lib/utils';

export const badgeVariants = cva('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', {
  variants: {
    variant: {
      neutral: 'bg-secondary text-secondary-foreground',
      warning: 'bg-warning/10 text-warning ring-1 ring-warning/30 ring-inset',
      danger: 'bg-destructive/10 text-destructive ring-1 ring-destructive/30 ring-inset',
      info: 'bg-info/10 text-info ring-1 ring-info/30 ring-inset',
      /** A good state (Active). */
      success: 'bg-success/10 text-success ring-1 ring-success/30 ring-inset',
      /** The brand's accent (Admin). */
      accent: 'bg-brand/10 text-brand-text ring-1 ring-brand/30 ring-inset dark:bg-brand/25',
    },
  },
  defaultVariants: { variant: 'neutral' },
});

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
