/**
 * "This browser changed something": every successful write, whichever client made it (the product
 * API's mutations, the auth client, the sign-in page's own calls), reports here, and the query
 * cache marks every answer it holds as stale (src/lib/query-client.ts, decision 047). Answers are
 * otherwise fresh for 30 s; a write can change more than the feature that made it (the security
 * activity, the dashboard's counts), so none is trusted after one.
 */
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
