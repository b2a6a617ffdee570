// What the process knows about the request being answered, wherever it logs from: its id, set by
// the HTTP pipeline (src/server/http/pipeline.ts) and added to every log line (src/server/logger.ts).
import { AsyncLocalStorage } from 'node:async_hooks';

const storage = new AsyncLocalStorage<{ requestId: string }>();

export const inRequestContext = <T>(requestId: string, fn: () => T): T => storage.run({ requestId }, fn);

export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** A proxy's id is kept when it looks like one (a UUID, a trace id…): short, no spaces or controls. */
export const REQUEST_ID = /^[\w.:@+=/-]{1,128}$/;
