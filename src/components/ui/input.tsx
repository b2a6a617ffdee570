import { useCallback, useLayoutEffect, useRef, type ComponentProps, type Ref } from 'react';
import { cn } from '#/lib/utils';

const NOT_TYPED = new Set(['checkbox', 'radio', 'file', 'submit', 'reset', 'button', 'image', 'hidden']);

// React keeps a value typed before hydration on screen but not in state: the next render would undo it.
// Its `onChange` fires only when the value differs from what it last set, so the prototype's setter goes round that.
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
  // A layout effect: before any render can set the field back to `value`.
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
        // shadcn's (new-york v4 ui/input.tsx): 36 px; 16 px text on a phone, where less makes iOS zoom in.
        'h-9 w-full min-w-0 rounded-md border border-input bg-card px-3 py-1 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive disabled:opacity-50 md:text-sm dark:bg-input/30',
        className,
      )}
      {...props}
    />
  );
}

function setRef(ref: Ref<HTMLInputElement> | undefined, node: HTMLInputElement | null) {
  if (typeof ref === 'function') return ref(node);
  if (ref) ref.current = node;
}
