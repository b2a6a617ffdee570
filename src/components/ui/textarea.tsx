// shadcn/ui's textarea (new-york v4 ui/textarea.tsx) in the app's tokens, drawn as `Input` is: 16 px text on a
// phone, where less makes iOS zoom in; it grows with its text (field-sizing) from three lines.
import type { ComponentProps } from 'react';
import { cn } from '#/lib/utils';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'field-sizing-content min-h-20 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/30',
        className,
      )}
      {...props}
    />
  );
}
