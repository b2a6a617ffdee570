// A settings page's section (shadcn's and Tailwind UI's settings pages): its title and one line about it on the
// start column from `lg`, its fields in a quiet card on the other; one column below.
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#/lib/utils';

export function SettingsSection({
  id,
  title,
  description,
  badge,
  destructive = false,
  className,
  children,
  ...props
}: Omit<ComponentProps<'section'>, 'title'> & {
  /** The heading's id: the section's name, and the target of the page's links to it. */
  id: string;
  title: ReactNode;
  description?: ReactNode;
  /** Beside the title (a status). */
  badge?: ReactNode;
  destructive?: boolean;
}) {
  return (
    <section
      aria-labelledby={id}
      data-settings-section=""
      className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-8"
      {...props}
    >
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={id} className={cn('text-base font-semibold', destructive && 'text-destructive')}>
            {title}
          </h2>
          {badge}
        </div>
        {description && <p className="text-sm wrap-anywhere text-muted-foreground">{description}</p>}
      </div>
      <div
        className={cn('flex min-w-0 flex-col gap-3 self-start rounded-lg border p-4', destructive && 'border-destructive/40', className)}
      >
        {children}
      </div>
    </section>
  );
}
