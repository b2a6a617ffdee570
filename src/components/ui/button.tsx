import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { useHydrated } from '#/lib/use-hydrated';
import { cn } from '#/lib/utils';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        secondary:
          'border border-input bg-background text-foreground shadow-xs hover:bg-accent hover:text-accent-foreground dark:bg-input/30 dark:hover:bg-input/50',
        ghost: 'text-foreground hover:bg-accent hover:text-accent-foreground',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        link: 'text-foreground underline underline-offset-4',
      },
      size: {
        // shadcn's scale (new-york v4 ui/button.tsx): 36 px, small 32 px; an icon beside a label takes less padding.
        default: 'h-9 px-4 py-2 has-[>svg]:px-3',
        sm: 'h-8 gap-1.5 px-3 has-[>svg]:px-2.5',
        lg: 'h-10 px-6 has-[>svg]:px-4',
        icon: 'size-9',
        inline: 'h-auto p-0',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    // Before hydration a submit would be a browser GET and lose what was typed: only forms the server
    // handles without JavaScript (the sign-in forms) set this.
    worksWithoutJavaScript?: boolean;
  };

export function Button({ className, variant, size, type = 'button', disabled, worksWithoutJavaScript, ...props }: ButtonProps) {
  const hydrated = useHydrated();
  const waiting = type === 'submit' && !worksWithoutJavaScript && !hydrated;
  return (
    <button
      type={type}
      className={cn(buttonVariants({ variant, size }), className)}
      disabled={disabled || waiting}
      data-waiting-for-script={waiting || undefined}
      {...props}
    />
  );
}
