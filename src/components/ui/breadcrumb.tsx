import { ChevronRightIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#/lib/utils';

export function Breadcrumb({ label, ...props }: ComponentProps<'nav'> & { label: string }) {
  return <nav aria-label={label} data-slot="breadcrumb" {...props} />;
}

export function BreadcrumbList({ className, ...props }: ComponentProps<'ol'>) {
  return <ol className={cn('flex flex-wrap items-center gap-1.5 text-sm break-words text-muted-foreground', className)} {...props} />;
}

export function BreadcrumbItem({ className, ...props }: ComponentProps<'li'>) {
  return <li className={cn('inline-flex min-w-0 items-center gap-1.5', className)} {...props} />;
}

export function BreadcrumbPage({ className, ...props }: ComponentProps<'span'>) {
  return <span aria-current="page" className={cn('truncate font-medium text-foreground', className)} {...props} />;
}

export function BreadcrumbSeparator({ className, ...props }: ComponentProps<'li'>) {
  return (
    <li role="presentation" aria-hidden className={cn('[&>svg]:size-3.5 rtl:[&>svg]:rotate-180', className)} {...props}>
      <ChevronRightIcon />
    </li>
  );
}
