// shadcn/ui's tooltip over Radix: shown on hover and on keyboard focus, named to assistive technology.
import * as Tip from '@radix-ui/react-tooltip';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#/lib/utils';

/** Once around the app: tooltips after the first open at once. */
export const TooltipProvider = ({ children }: { children: ReactNode }) => <Tip.Provider delayDuration={300}>{children}</Tip.Provider>;

/** `children` is the trigger (one element); `label` shows beside it, on `side`. */
export function Tooltip({
  label,
  children,
  side = 'right',
  className,
}: {
  label: ReactNode;
  children: ReactNode;
  side?: ComponentProps<typeof Tip.Content>['side'];
  className?: string;
}) {
  return (
    <Tip.Root>
      <Tip.Trigger asChild>{children}</Tip.Trigger>
      <Tip.Portal>
        <Tip.Content
          side={side}
          sideOffset={6}
          className={cn('z-50 rounded-md bg-foreground px-2.5 py-1 text-xs font-medium text-background shadow-md', className)}
        >
          {label}
        </Tip.Content>
      </Tip.Portal>
    </Tip.Root>
  );
}
