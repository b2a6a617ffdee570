// shadcn/ui's tabs look, as links: each tab is a URL (`?tab=`), so it renders on the server, works
// before hydration and can be shared. The current one has aria-current="page".
import type { ReactNode } from 'react';
import { cn } from '#/lib/utils';

export function TabNav({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav aria-label={label} className="scroll-fade-inline -mx-1 overflow-x-auto px-1 py-1">
      <ul className="inline-flex h-9 items-center gap-1 rounded-lg bg-muted p-1">{children}</ul>
    </nav>
  );
}

export const tabLinkClass = (current: boolean) =>
  cn(
    'inline-flex h-7 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    current ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
  );
