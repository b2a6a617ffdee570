import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { useHydrated } from '#/lib/use-hydrated';
import { cn } from '#/lib/utils';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary/90',
        secondary: 'border border-input bg-background text-foreground hover:bg-accent hover:text-accent-foreground dark:bg-input/30',
        ghost: 'text-foreground hover:bg-accent hover:text-accent-foreground',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        link: 'text-foreground underline underline-offset-4',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-8 px-3',
        lg: 'h-11 px-6',
        icon: 'size-10',
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
