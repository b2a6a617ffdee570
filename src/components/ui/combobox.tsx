// Keyboard first: the search box keeps focus and points at the active option with `aria-activedescendant`.
import * as Popover from '@radix-ui/react-popover';
import { CheckIcon, ChevronDownIcon, LoaderCircleIcon, PlusIcon } from 'lucide-react';
import { useId, useMemo, useState, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '#/lib/utils';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line under the label (a person's email). */
  description?: string;
  /** Before the label, in the list and on the button once chosen (an avatar); decorative. */
  icon?: ReactNode;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase()
    .trim();

export interface ComboboxProps extends Omit<ComponentProps<'button'>, 'value' | 'onChange'> {
  options: ComboboxOption[];
  value: string;
  onValueChange: (value: string) => void;
  placeholder: string;
  searchLabel: string;
  emptyText: string;
  /** The combobox closes once it resolves. */
  onCreate?: (name: string) => Promise<unknown>;
  createLabel?: (name: string) => ReactNode;
  creating?: boolean;
  /** The typed search, for options fetched from a paged list as the person types (`useSearchedOptions`). */
  onQueryChange?: (query: string) => void;
  /** Options are on their way for the typed search. */
  loading?: boolean;
  /** The chosen option when `options` may not hold it (fetched options; an edit form's saved value). */
  selectedOption?: ComboboxOption;
  /** The list opened or closed (to fetch options only once someone looks). */
  onOpenChange?: (open: boolean) => void;
}

export function Combobox({
  options,
  value,
  onValueChange,
  placeholder,
  searchLabel,
  emptyText,
  onCreate,
  createLabel,
  creating = false,
  onQueryChange,
  loading = false,
  selectedOption,
  onOpenChange,
  className,
  disabled,
  ...buttonProps
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;
  // Fetched options change with the search: the one picked stays shown after it leaves them.
  const [picked, setPicked] = useState<ComboboxOption>();
  const selected = [...options, picked, selectedOption].find((o) => o?.value === value);

  // Options fetched for the query (`onQueryChange`) are the server's matches already.
  const matches = useMemo(
    () => (onQueryChange ? options : options.filter((o) => fold(o.label).includes(fold(query)))),
    [options, query, onQueryChange],
  );
  const canCreate = Boolean(onCreate && query.trim() && !options.some((o) => fold(o.label) === fold(query)));
  const count = matches.length + (canCreate ? 1 : 0);

  const close = () => {
    setOpen(false);
    onOpenChange?.(false);
    setQuery('');
    onQueryChange?.('');
    setActive(0);
  };
  const pick = (option: ComboboxOption) => {
    setPicked(option);
    onValueChange(option.value);
    close();
  };
  const create = async () => {
    if (!onCreate || creating) return;
    await onCreate(query.trim());
    close();
  };
  const choose = (i: number) => {
    if (i < matches.length) pick(matches[i]!);
    else if (canCreate) void create();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: count - 1 };
    if (event.key in moves && count > 0) {
      event.preventDefault();
      setActive(Math.min(Math.max(moves[event.key]!, 0), count - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (count > 0) choose(active);
    }
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) return close();
        setOpen(true);
        onOpenChange?.(true);
      }}
    >
      <Popover.Trigger asChild disabled={disabled}>
        <button
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-haspopup="listbox"
          className={cn(
            'flex h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-card px-3 text-start text-base shadow-xs md:text-sm dark:bg-input/30 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive',
            className,
          )}
          {...buttonProps}
        >
          <span className="flex min-w-0 items-center gap-2">
            {selected?.icon}
            <span dir="auto" className={cn('truncate', !selected && 'text-muted-foreground')}>
              {selected ? selected.label : placeholder}
            </span>
          </span>
          {/* The select's chevron: every field that opens a list wears the same one. */}
          <ChevronDownIcon aria-hidden className="size-4 shrink-0 opacity-60" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label={searchLabel}
          align="start"
          sideOffset={4}
          className="z-50 w-(--radix-popover-trigger-width) min-w-[12rem] rounded-md border bg-popover p-1 text-foreground shadow-md"
        >
          <div className="relative">
            <input
              type="text"
              autoComplete="off"
              aria-label={searchLabel}
              placeholder={searchLabel}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={count > 0 ? optionId(active) : undefined}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                onQueryChange?.(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              className="mb-1 h-9 w-full rounded-sm border-b bg-transparent ps-2 pe-8 text-base outline-none placeholder:text-muted-foreground"
            />
            {loading && <LoaderCircleIcon aria-hidden className="absolute end-2 top-2.5 size-4 animate-spin opacity-60" />}
          </div>
          <ul id={listId} role="listbox" aria-label={searchLabel} aria-busy={loading || undefined} className="max-h-60 overflow-y-auto">
            {matches.map((option, i) => (
              <li
                key={option.value || '(none)'}
                id={optionId(i)}
                role="option"
                aria-selected={option.value === value}
                data-active={i === active || undefined}
                onPointerMove={() => setActive(i)}
                onClick={() => pick(option)}
                className="relative flex cursor-default items-center rounded-sm py-2 ps-8 pe-2 text-sm select-none data-[active]:bg-accent"
              >
                {option.value === value && <CheckIcon aria-hidden className="absolute start-2 size-4" />}
                {option.icon && <span className="me-2 shrink-0">{option.icon}</span>}
                <span className="flex min-w-0 flex-col">
                  <span dir="auto" className="truncate">
                    {option.label}
                  </span>
                  {option.description && (
                    <span dir="auto" className="truncate text-xs text-muted-foreground">
                      {option.description}
                    </span>
                  )}
                </span>
              </li>
            ))}
            {canCreate && (
              <li
                id={optionId(matches.length)}
                role="option"
                aria-selected={false}
                aria-disabled={creating || undefined}
                data-active={active === matches.length || undefined}
                onPointerMove={() => setActive(matches.length)}
                onClick={() => void create()}
                className="relative flex cursor-default items-center rounded-sm py-2 ps-8 pe-2 text-sm font-medium select-none data-[active]:bg-accent"
              >
                {creating ? (
                  <LoaderCircleIcon aria-hidden className="absolute start-2 size-4 animate-spin" />
                ) : (
                  <PlusIcon aria-hidden className="absolute start-2 size-4" />
                )}
                <span className="truncate">{createLabel ? createLabel(query.trim()) : query.trim()}</span>
              </li>
            )}
          </ul>
          {count === 0 && !loading && <p className="px-2 py-3 text-center text-sm text-muted-foreground">{emptyText}</p>}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
