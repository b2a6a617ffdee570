// shadcn/ui's radio group API (`RadioGroup`, `RadioGroupItem`) on native radio inputs: @radix-ui/react-radio-group
// is not a dependency, and a native group already has the arrow keys, one tab stop, labels and the form post.
// Drawn in the app's tokens: a ring, filled with a dot when chosen.
import { createContext, use, useId, type ComponentProps } from 'react';
import { cn } from '#/lib/utils';

interface RadioGroupState {
  name: string;
  value: string | undefined;
  onValueChange: ((value: string) => void) | undefined;
  disabled: boolean;
  invalid: boolean;
}

const RadioGroupContext = createContext<RadioGroupState | null>(null);

/** `value` is the chosen item's (none chosen: `undefined` or ''); `aria-labelledby` names the group. */
export function RadioGroup({
  name,
  value,
  onValueChange,
  disabled = false,
  className,
  children,
  ...props
}: Omit<ComponentProps<'div'>, 'onChange' | 'defaultValue'> & {
  name?: string;
  value?: string | undefined;
  onValueChange?: (value: string) => void;
  disabled?: boolean;
}) {
  const generated = useId();
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  return (
    <RadioGroupContext value={{ name: name ?? generated, value, onValueChange, disabled, invalid }}>
      <div
        role="radiogroup"
        data-slot="radio-group"
        aria-disabled={disabled || undefined}
        className={cn('grid gap-3', className)}
        {...props}
      >
        {children}
      </div>
    </RadioGroupContext>
  );
}

export function RadioGroupItem({
  value,
  className,
  onChange,
  disabled,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'value' | 'name' | 'checked'> & { value: string }) {
  const group = use(RadioGroupContext);
  return (
    <input
      type="radio"
      data-slot="radio-group-item"
      name={group?.name}
      value={value}
      checked={group ? group.value === value : undefined}
      disabled={disabled ?? group?.disabled}
      aria-invalid={group?.invalid || undefined}
      onChange={(event) => {
        if (event.target.checked) group?.onValueChange?.(value);
        onChange?.(event);
      }}
      className={cn(
        'size-4 shrink-0 cursor-pointer appearance-none rounded-full border border-input bg-card shadow-xs transition-shadow outline-none dark:bg-input/30',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
        'checked:border-primary checked:bg-primary checked:shadow-[inset_0_0_0_3px_var(--color-card)]',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
