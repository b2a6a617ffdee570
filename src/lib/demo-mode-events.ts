/**
 * Whether the "Demo Mode" dialog is open. Any failed call whose error carries the DEMO_MODE code
 * opens it: the query client and the auth client report here, never individual buttons.
 */
let open = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Opens the dialog when the error is a demo-mode refusal; returns whether it was one. */
export function handleDemoModeError(error: unknown): boolean {
  if ((error as { code?: unknown } | null)?.code !== 'DEMO_MODE') return false;
  open = true;
  emit();
  return true;
}

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
