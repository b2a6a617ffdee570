// A few choices, each a checkbox beside its label: an API key's permissions, a webhook's events.
import type { ReactNode, Ref } from 'react';
import { cn } from '#/lib/utils';
import { Checkbox } from './checkbox';

export function CheckboxGroup<T extends string>({
  idPrefix,
  options,
  value,
  onChange,
  onBlur,
  firstRef,
  invalid = false,
  className,
}: {
  idPrefix: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: readonly T[];
  /** In the order the person ticked them; the caller puts them in its own order. */
  onChange: (value: T[]) => void;
  onBlur?: () => void;
  /** The first box: it takes the focus when the server refuses the choice. */
  firstRef?: Ref<HTMLButtonElement>;
  invalid?: boolean;
  className?: string;
}) {
  return (
    <div className={className}>
      {options.map((option, i) => {
        const id = `${idPrefix}-${option.value}`;
        return (
          <div key={option.value} className="flex items-center gap-2">
            <Checkbox
              id={id}
              ref={i === 0 ? firstRef : undefined}
              checked={value.includes(option.value)}
              aria-invalid={invalid || undefined}
              onCheckedChange={(checked) => onChange(checked === true ? [...value, option.value] : value.filter((v) => v !== option.value))}
              onBlur={onBlur}
            />
            <label htmlFor={id} className="cursor-pointer text-sm">
              {option.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}

/** A group's frame: its legend, a line of help, the boxes, and the server's refusal, read with the group. */
export function ChoiceFieldset({
  id,
  legend,
  help,
  error,
  className,
  children,
}: {
  id: string;
  legend: string;
  help?: string;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset aria-describedby={error ? `${id}-error` : help ? `${id}-help` : undefined} className={cn('flex flex-col', className)}>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      {help && (
        <p id={`${id}-help`} className="-mt-1 text-sm text-muted-foreground">
          {help}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
