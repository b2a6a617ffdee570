import { useCallback, useLayoutEffect, useRef, type ComponentProps, type Ref } from 'react';
import { cn } from '#/lib/utils';

/** Inputs whose `value` is not what a person types. */
const NOT_TYPED = new Set(['checkbox', 'radio', 'file', 'submit', 'reset', 'button', 'image', 'hidden']);

/**
 * Hands a value typed before hydration to a controlled field's `onChange`, as typing would.
 * React keeps what the page shows while hydrating, but its state still holds the server's
 * value: the next render would put that back, and a form submitted from that state would lose
 * what was typed. React fires `onChange` when the element's value differs from the last one it
 * saw set through the element's own `value` property; the prototype's setter goes round that
 * (decision 057).
 */
function replayTyped(input: HTMLInputElement, controlled: string) {
  const typed = input.value;
  input.value = controlled;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, typed);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export function Input({ className, ref, ...props }: ComponentProps<'input'>) {
  const own = useRef<HTMLInputElement | null>(null);
  const refs = useCallback(
    (node: HTMLInputElement | null) => {
      own.current = node;
      return setRef(ref, node);
    },
    [ref],
  );
  const { value, onChange, type } = props;
  // Once, at the first commit (hydration, for a server-rendered page). A layout effect: before
  // any render can set the field back to `value`. Later the field only changes through onChange.
  useLayoutEffect(() => {
    const input = own.current;
    if (!input || value === undefined || value === null || !onChange || NOT_TYPED.has(type ?? 'text')) return;
    const controlled = String(value);
    if (input.value !== controlled) replayTyped(input, controlled);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <input
      ref={refs}
      className={cn(
        'h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-base placeholder:text-neutral-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand aria-[invalid=true]:border-red-600 disabled:opacity-50 dark:border-neutral-700 dark:bg-neutral-900 dark:placeholder:text-neutral-400',
        className,
      )}
      {...props}
    />
  );
}

/** Passes the node on to a caller's ref (object or callback), with a callback's clean-up. */
function setRef(ref: Ref<HTMLInputElement> | undefined, node: HTMLInputElement | null) {
  if (typeof ref === 'function') return ref(node);
  if (ref) ref.current = node;
}
