// A sensitive action answered SESSION_EXPIRED (src/server/recent-sign-in.ts) opens the one "Confirm it's you"
// dialog (src/features/auth/reauthenticate-dialog.tsx); once the person has, the action runs again. The page
// that asked keeps what was typed: its call is only waiting.

/** How long after signing in a session may take a sensitive action (Better Auth's `session.freshAge`). */
export const RECENT_SIGN_IN_SECONDS = 600;

/** Ours, and Better Auth's own for the checks it makes itself (adding a passkey, unlinking). */
const EXPIRED = new Set(['SESSION_EXPIRED', 'SESSION_NOT_FRESH']);
const isSessionExpired = (error: unknown) => EXPIRED.has(String((error as { code?: unknown } | null)?.code));

let pending: ((confirmed: boolean) => void) | null = null;
const waiting: Promise<boolean>[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Opens the dialog, or joins the one open: whether the person confirmed. */
function confirmIdentity(): Promise<boolean> {
  if (waiting[0]) return waiting[0];
  const answer = new Promise<boolean>((resolve) => {
    pending = resolve;
  });
  waiting.push(answer);
  emit();
  return answer;
}

/** The dialog's end: confirmed, or closed. */
export function settleReauthentication(confirmed: boolean) {
  pending?.(confirmed);
  pending = null;
  waiting.length = 0;
  emit();
}

export const reauthenticationStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isOpen: () => pending !== null,
};

const DECLINED = Symbol('declined');

/** Refused for an old sign-in, and the person closed the dialog: told already. */
export const declinedToConfirm = (error: unknown) => typeof error === 'object' && error !== null && DECLINED in error;

/**
 * `run`, and once more after the person confirms it is them if it was refused for an old sign-in. Closed
 * without confirming: the refusal is thrown, marked as told (`handledGlobally`, src/lib/demo-mode-events.ts).
 */
export async function withRecentSignIn<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isSessionExpired(error)) throw error;
    if (!(await confirmIdentity())) throw Object.assign(error as object, { [DECLINED]: true });
    return run();
  }
}

/** The same for a call that answers `{ data, error }` (Better Auth's client) rather than throwing. */
export async function withRecentSignInResult<R extends { error: unknown }>(run: () => Promise<R>): Promise<R> {
  const first = await run();
  if (!isSessionExpired(first.error)) return first;
  if (!(await confirmIdentity())) {
    Object.assign(first.error as object, { [DECLINED]: true });
    return first;
  }
  return run();
}
