import { LoaderCircleIcon, SearchIcon } from 'lucide-react';
import { useId } from 'react';
import { Input } from '#/components/ui/input';
import { SEARCH_TERM_MAX } from '#/lib/text';
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
  busyLabel: string;
  value: string;
  onChange: (value: string) => void;
  /** The typed term is not the one shown yet (waiting for the pause, or for the answer). */
  busy: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('relative w-full', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon aria-hidden className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      {/* The lists search at most SEARCH_TERM_MAX characters: a longer term would be dropped and the
          list shown unfiltered under it. The field stops there, and a paste is cut there. */}
      <Input
        id={id}
        type="search"
        className="ps-9 pe-9"
        placeholder={label}
        maxLength={SEARCH_TERM_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {busy && (
        <LoaderCircleIcon
          role="status"
          aria-label={busyLabel}
          data-testid="search-spinner"
          className="absolute end-3 top-1/2 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
        />
      )}
    </div>
  );
}
