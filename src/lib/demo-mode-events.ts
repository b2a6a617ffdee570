// The query client and the auth client report DEMO_MODE refusals here, never individual buttons.
import { declinedToConfirm } from './reauthentication-events';
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
 * Shown already by a global handler: a page then adds nothing, and a form keeps what was typed. So is an old sign-in's
 * refusal the person closed the "Confirm it's you" dialog on (src/lib/reauthentication-events.ts).
 */
export const handledGlobally = (error: unknown) => isDemoModeRefusal(error) || declinedToConfirm(error);

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
