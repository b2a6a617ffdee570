import { Link, type LinkProps } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';
import { cn } from '#/lib/utils';
import { Breadcrumb, BreadcrumbItem, BreadcrumbList, BreadcrumbPage, BreadcrumbSeparator } from './breadcrumb';

export interface Crumb {
  label: ReactNode;
  /** The last crumb (the page itself) has none. */
  to?: LinkProps['to'];
  params?: LinkProps['params'];
  search?: LinkProps['search'];
}

export function PageHeader({
  title,
  description,
  crumbs,
  breadcrumbLabel,
  leading,
  actions,
  className,
}: {
  title: ReactNode;
  leading?: ReactNode;
  description?: ReactNode;
  crumbs?: Crumb[];
  breadcrumbLabel?: string;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <header className={cn('flex flex-col gap-2', className)}>
      {crumbs && crumbs.length > 0 && (
        <Breadcrumb label={breadcrumbLabel ?? 'Breadcrumb'}>
          <BreadcrumbList>
            {crumbs.map((crumb, i) => (
              <Fragment key={i}>
                {i > 0 && <BreadcrumbSeparator />}
                <BreadcrumbItem>
                  {crumb.to ? (
                    <Link
                      to={crumb.to}
                      params={crumb.params}
                      search={crumb.search}
                      // A fuzzy match would mark a parent page as the current one.
                      activeOptions={{ exact: true }}
                      className="underline-offset-2 hover:text-foreground hover:underline"
                    >
                      {crumb.label}
                    </Link>
                  ) : (
                    <BreadcrumbPage>{crumb.label}</BreadcrumbPage>
                  )}
                </BreadcrumbItem>
              </Fragment>
            ))}
          </BreadcrumbList>
        </Breadcrumb>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-4">
          {leading}
          <div className="flex min-w-0 flex-col gap-1">
            <h1 className="align-with-page text-2xl font-bold tracking-tight wrap-anywhere" dir="auto">
              {title}
            </h1>
            {description && <div className="text-sm text-muted-foreground">{description}</div>}
          </div>
        </div>
        {actions && <div className="flex max-w-full shrink-0 flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </header>
  );
}
