// Every successful write, whichever client made it, marks every cached answer stale: a write can
// change more than its own feature shows (the security activity, the dashboard's counts).
const listeners = new Set<() => void>();

export function noteWrite() {
  listeners.forEach((listener) => listener());
}

export function onWrite(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a successful call to Better Auth changed something: any method but GET, and not the session read. */
export function isAuthWrite(method: string | undefined, url: string): boolean {
  return (method ?? 'GET').toUpperCase() !== 'GET' && !/\/get-session(?:$|\?)/.test(url);
}
