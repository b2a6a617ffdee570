import { Skeleton } from '#/components/ui/skeleton';
import { cn } from '#/lib/utils';

export function ListSkeleton() {
  return (
    <div className="flex w-full flex-col gap-4" aria-busy="true" data-testid="list-skeleton">
      <div className="flex items-center justify-between">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-9 w-28" />
      </div>
      <Skeleton className="h-9 w-full sm:max-w-sm" />
      <div className="flex flex-col gap-3 rounded-lg border p-3">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="size-8 shrink-0 rounded-full" />
            <Skeleton className={cn('h-4', i % 2 ? 'w-1/3' : 'w-1/2')} />
            <Skeleton className="ms-auto h-4 w-16" />
          </div>
        ))}
      </div>
    </div>
  );
}

export function DetailSkeleton() {
  return (
    <div className="flex w-full max-w-4xl flex-col gap-6" aria-busy="true" data-testid="detail-skeleton">
      <Skeleton className="h-4 w-48" />
      <div className="flex items-center gap-4">
        <Skeleton className="size-16 shrink-0 rounded-full" />
        <Skeleton className="h-8 w-64" />
      </div>
      <div className="grid gap-4 rounded-lg border p-4 sm:grid-cols-2">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="flex flex-col gap-2">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-4 w-40" />
          </div>
        ))}
      </div>
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

/** Any other page's pending state (the router's default): its title's place, then its content's. */
export function PageSkeleton() {
  return (
    <div className="flex w-full flex-col gap-6" aria-busy="true" data-testid="page-skeleton">
      <Skeleton className="h-8 w-56" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
      <Skeleton className="h-48 w-full" />
    </div>
  );
}
