import { LoaderCircleIcon, SearchIcon, XIcon } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
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
  name,
}: {
  label: string;
  busyLabel: string;
  value: string;
  onChange: (value: string) => void;
  /** The typed term is not the one shown yet (waiting for the pause, or for the answer). */
  busy: boolean;
  className?: string;
  /** Its name in a form the browser may submit itself (before hydration, or without JavaScript). */
  name?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { t } = useTranslation();
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
        name={name}
        type="search"
        ref={input}
        // Our own clear button, the same in every browser, in place of the browser's.
        className="ps-9 pe-9 [&::-webkit-search-cancel-button]:appearance-none"
        placeholder={label}
        maxLength={SEARCH_TERM_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {!busy && value !== '' && (
        <button
          type="button"
          aria-label={t('actions.clear')}
          onClick={() => {
            onChange('');
            input.current?.focus();
          }}
          className="absolute end-1.5 top-1/2 flex size-7 -translate-y-1/2 items-center justify-center rounded-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <XIcon aria-hidden className="size-4" />
        </button>
      )}
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
