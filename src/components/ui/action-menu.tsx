import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { EllipsisIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#/lib/utils';
import { buttonVariants } from './button';

export function ActionMenu({
  label,
  children,
  className,
  trigger,
}: {
  /** The button's accessible name ("Actions for Ada Lovelace"). */
  label: string;
  children: ReactNode;
  className?: string;
  /** Icon only by default. */
  trigger?: ReactNode;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={label}
        onClick={(e) => e.stopPropagation()}
        className={cn(
          buttonVariants({ variant: trigger ? 'secondary' : 'ghost', size: trigger ? 'default' : 'icon' }),
          !trigger && 'size-8',
          className,
        )}
      >
        {trigger}
        <EllipsisIcon aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          onClick={(e) => e.stopPropagation()}
          className="z-50 min-w-[10rem] rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

const itemClass =
  'flex w-full cursor-default items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-accent data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4';

export function ActionMenuItem({ className, destructive, ...props }: ComponentProps<typeof DropdownMenu.Item> & { destructive?: boolean }) {
  return <DropdownMenu.Item className={cn(itemClass, destructive && 'text-destructive', className)} {...props} />;
}
