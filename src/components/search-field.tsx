/** A list's search box: a search icon, the field (labelled), and a spinner while the search runs. */
import { LoaderCircleIcon, SearchIcon } from 'lucide-react';
import { useId, useLayoutEffect, useRef } from 'react';
import { Input } from '#/components/ui/input';
import { cn } from '#/lib/utils';

export function SearchField({
  label,
  busyLabel,
  value,
  onChange,
  busy,
  className,
}: {
  label: string;
  /** The spinner's name for assistive technology ('Searching…'). */
  busyLabel: string;
  value: string;
  onChange: (value: string) => void;
  /** The typed term is not the one shown yet (waiting for the pause, or for the answer). */
  busy: boolean;
  className?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // A term typed before the page's scripts ran is in the field, but nothing searched it: once
  // hydrated, search it. A layout effect: before any render sets the field back to `value`.
  useLayoutEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
    // Once, at hydration: later the field only changes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className={cn('relative w-full', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon aria-hidden className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-neutral-500" />
      <Input
        ref={input}
        id={id}
        type="search"
        className="ps-9 pe-9"
        placeholder={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {busy && (
        <LoaderCircleIcon
          role="status"
          aria-label={busyLabel}
          data-testid="search-spinner"
          className="absolute end-3 top-1/2 size-4 -translate-y-1/2 animate-spin text-neutral-500"
        />
      )}
    </div>
  );
}
