import { Link, type LinkProps } from '@tanstack/react-router';
import { createContext, Fragment, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { cn } from '#/lib/utils';
import { Breadcrumb, BreadcrumbItem, BreadcrumbList, BreadcrumbPage, BreadcrumbSeparator } from './breadcrumb';

export interface Crumb {
  label: ReactNode;
  /** The last crumb (the page itself) has none. */
  to?: LinkProps['to'];
  params?: LinkProps['params'];
  search?: LinkProps['search'];
}

/** A page's trail where a layout shows it (the manager's top bar), published by its `PageHeader`. */
export interface TopBarTrail {
  crumbs: Crumb[];
  label: string;
}

/** Where the page's header puts its trail: the layout reads it; a page outside such a layout shows its own. */
export function createTrailStore() {
  let current: TopBarTrail | null = null;
  const listeners = new Set<() => void>();
  return {
    set(trail: TopBarTrail | null) {
      current = trail;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get: () => current,
  };
}
export type TrailStore = ReturnType<typeof createTrailStore>;

export const TrailStoreContext = createContext<TrailStore | null>(null);

/** The page's trail as the layout's top bar shows it; none until the page has published one (and on the server). */
export function usePublishedTrail(store: TrailStore) {
  return useSyncExternalStore(store.subscribe, store.get, () => null);
}

export function CrumbTrail({ crumbs, label, className }: { crumbs: Crumb[]; label: string; className?: string }) {
  return (
    <Breadcrumb label={label} className={className}>
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
                  className="truncate underline-offset-2 hover:text-foreground hover:underline"
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
  );
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
  const store = useContext(TrailStoreContext);
  const trail = crumbs && crumbs.length > 0 ? { crumbs, label: breadcrumbLabel ?? 'Breadcrumb' } : null;
  // Every render: the labels are elements, new each time; only the top bar listens.
  useEffect(() => {
    store?.set(trail);
  });
  useEffect(() => () => store?.set(null), [store]);
  return (
    <header className={cn('flex flex-col gap-2', className)}>
      {trail && (
        // In a layout with a top bar, the trail is there from 768 px (one title on the page: its heading).
        <CrumbTrail crumbs={trail.crumbs} label={trail.label} className={store ? 'md:hidden' : undefined} />
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
