/**
 * Whether the "Demo Mode" dialog is open. Any failed call whose error carries the DEMO_MODE code
 * opens it: the query client and the auth client report here, never individual buttons.
 */
let open = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** The one place that knows the DEMO_MODE code (src/server/rpc.ts and the auth API's hook send it). */
const isDemoModeRefusal = (error: unknown) => (error as { code?: unknown } | null)?.code === 'DEMO_MODE';

/** Opens the dialog when the error is a demo-mode refusal; returns whether it was one. */
export function handleDemoModeError(error: unknown): boolean {
  if (!isDemoModeRefusal(error)) return false;
  open = true;
  emit();
  return true;
}

/**
 * Whether a failed call's error is shown already by a global handler (the query client's mutation
 * cache and the auth client both call `handleDemoModeError`): a page then adds nothing, and a form
 * keeps what was typed.
 */
export const handledGlobally = isDemoModeRefusal;

export function closeDemoModeDialog() {
  open = false;
  emit();
}

export const demoModeDialogStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isOpen: () => open,
};
