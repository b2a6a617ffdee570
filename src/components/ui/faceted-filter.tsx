// shadcn/ui's data-table faceted filter, for the one value the list API takes per filter: a
// dashed button naming the filter (and its value once set) that opens a menu of the options, the
// applied one checked, each with how many rows of the list have it.
import { CirclePlusIcon, XIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
import { formatNumber } from '#/lib/i18n/format';
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
  counts,
}: {
  title: string;
  options: FacetOption[];
  /** '' = not filtered. */
  value: string;
  onChange: (value: string) => void;
  clearLabel: string;
  /** How many rows of the list (its search and the other filters applied) have each value; none while loading. */
  counts?: Readonly<Record<string, number>> | undefined;
}) {
  const selected = options.find((option) => option.value === value);
  const id = useId();
  const { i18n } = useTranslation();
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
          {options.map((option, i) => {
            const count = counts ? (counts[option.value] ?? 0) : undefined;
            // The count describes the option (hidden from its name, which stays the value alone).
            return (
              <DropdownMenuRadioItem
                key={option.value}
                value={option.value}
                aria-describedby={count === undefined ? undefined : `${id}-${i}`}
              >
                {option.label}
                {count !== undefined && (
                  <span id={`${id}-${i}`} aria-hidden className="ms-auto ps-4 text-xs tabular-nums text-muted-foreground">
                    {formatNumber(count, i18n.language)}
                  </span>
                )}
              </DropdownMenuRadioItem>
            );
          })}
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
