// shadcn/ui's data-table faceted filter, for the one value the list API takes per filter: a
// dashed button naming the filter (and its value once set) that opens a menu of the options.
import { CirclePlusIcon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from './badge';
import { buttonVariants } from './button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';
import { cn } from '#/lib/utils';

export interface FacetOption {
  value: string;
  label: ReactNode;
}

export function FacetedFilter({
  title,
  options,
  value,
  onChange,
  clearLabel,
}: {
  title: string;
  options: FacetOption[];
  /** '' = not filtered. */
  value: string;
  onChange: (value: string) => void;
  clearLabel: string;
}) {
  const selected = options.find((option) => option.value === value);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), 'h-9 border-dashed', selected && 'border-solid')}
      >
        <CirclePlusIcon aria-hidden />
        {title}
        {selected && (
          <>
            <span aria-hidden className="mx-0.5 h-4 w-px bg-border" />
            <Badge className="rounded-sm">{selected.label}</Badge>
          </>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-44">
        <DropdownMenuRadioGroup value={value} onValueChange={onChange}>
          {options.map((option) => (
            <DropdownMenuRadioItem key={option.value} value={option.value}>
              {option.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        {selected && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onChange('')}>
              <XIcon aria-hidden />
              {clearLabel}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
