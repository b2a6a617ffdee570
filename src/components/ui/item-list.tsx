// Cards where a table would scroll sideways (below 640 px).
import { Fragment, type ComponentProps, type ReactNode } from 'react';
import { cn } from '#/lib/utils';

export function ItemList({ className, ...props }: ComponentProps<'ul'>) {
  return <ul data-slot="item-list" className={cn('flex flex-col gap-2', className)} {...props} />;
}

export function Item({ className, layout = 'row', ...props }: ComponentProps<'li'> & { layout?: 'row' | 'column' }) {
  return (
    <li
      data-slot="item"
      className={cn('flex rounded-lg border p-3 text-sm', layout === 'row' ? 'items-start gap-3' : 'flex-col gap-1', className)}
      {...props}
    />
  );
}

export function ItemContent({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="item-content" className={cn('flex min-w-0 flex-1 flex-col gap-1', className)} {...props} />;
}

export interface ItemDetail {
  label: ReactNode;
  value: ReactNode;
  title?: string | undefined;
  truncate?: boolean;
}

export function ItemDetails({ details, className }: { details: ItemDetail[]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-muted-foreground', className)}>
      {details.map((detail, index) => (
        <Fragment key={index}>
          <dt>{detail.label}</dt>
          <dd className={detail.truncate ? 'truncate' : undefined} title={detail.title}>
            {detail.value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
