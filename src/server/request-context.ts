// What the process knows about the request being answered, wherever it logs from: its id, set by
// the HTTP pipeline (src/server/http/pipeline.ts) and added to every log line (src/server/logger.ts);
// the route that matched it, for the metrics (src/server/metrics.ts); Better Auth's lines held until
// the answer's status is known (src/server/auth-log.ts).
import { AsyncLocalStorage } from 'node:async_hooks';

interface RequestContext {
  requestId: string;
  /** The template of the route that answered (a route id, a procedure's path): never the path itself. */
  route?: string;
  authLines?: Array<{ level: 'debug' | 'info' | 'warn' | 'error'; message: string; args: string[] }>;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const inRequestContext = <T>(requestId: string, fn: () => T): T => storage.run({ requestId }, fn);

export const currentRequestContext = (): RequestContext | undefined => storage.getStore();

export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** Called by whatever matched the request; the first one to match names it. */
export function setRouteTemplate(template: string) {
  const context = storage.getStore();
  if (context && context.route === undefined) context.route = template;
}

/** A proxy's id is kept when it looks like one (a UUID, a trace id…): short, no spaces or controls. */
export const REQUEST_ID = /^[\w.:@+=/-]{1,128}$/;
