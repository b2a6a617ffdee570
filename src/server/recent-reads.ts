/**
 * Reads reused for a short while, in this process's memory (decision 025): the session behind a
 * session cookie, a page of the catalogue. Each is dropped as soon as anything could have changed
 * it: a request that may write (`mayWrite`) empties every cache when it starts and again when it
 * ends, and a read that overlapped such a request is not kept. A read is also never older than
 * its cache's `maxAgeMs`, which bounds a change made outside this process (in SQL, say).
 *
 * That is exact only while every write passes through this process: without Redis there is one
 * instance (ARCHITECTURE: scaling out needs `REDIS_URL`). With `REDIS_URL` set the caches are off,
 * so another instance's sign-out or edit counts at once.
 *
 * This module imports nothing of ours, so the server entry can load it at start-up.
 */

interface Entry<T> {
  at: number;
  generation: number;
  value: T;
}

let generation = 0;
let writing = 0;
const caches = new Set<RecentReads<unknown>>();

/** Requests after which a cached read may be wrong: every write, and every auth call but a session read. */
export function mayWrite(method: string, pathname: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return true;
  return pathname.startsWith('/api/auth/') && pathname !== '/api/auth/get-session';
}

function forgetAll() {
  generation++;
  for (const cache of caches) cache.clear();
}

/** Runs a request that may write: every cached read is dropped before and after it. */
export async function writingRequest<T>(run: () => Promise<T>): Promise<T> {
  writing++;
  forgetAll();
  try {
    return await run();
  } finally {
    writing--;
    forgetAll();
  }
}

export interface RecentReadsOptions<T> {
  maxAgeMs: number;
  maxEntries: number;
  /** Off, every read goes through (with `REDIS_URL`: several instances). Asked on each call. */
  enabled: () => boolean;
  /** When a cached value itself stops being valid (a session's expiry), in ms since the epoch. */
  validUntil?: (value: T) => number;
  /** Whether a value read may be kept at all (default: always). */
  keep?: (value: T) => boolean;
}

export class RecentReads<T> {
  readonly #entries = new Map<string, Entry<T>>();

  readonly options: RecentReadsOptions<T>;

  constructor(options: RecentReadsOptions<T>) {
    this.options = options;
    caches.add(this as RecentReads<unknown>);
  }

  clear() {
    this.#entries.clear();
  }

  /** The value kept for `key`, or `read()`'s answer, kept when no write overlapped it. */
  async get(key: string, read: () => Promise<T>): Promise<T> {
    if (!this.options.enabled()) return read();
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (
      hit &&
      hit.generation === generation &&
      now - hit.at < this.options.maxAgeMs &&
      (this.options.validUntil?.(hit.value) ?? Infinity) > now
    ) {
      return hit.value;
    }
    const startedAt = generation;
    const value = await read();
    if (writing === 0 && generation === startedAt && (this.options.keep?.(value) ?? true)) {
      this.#entries.delete(key);
      if (this.#entries.size >= this.options.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
      this.#entries.set(key, { at: now, generation, value });
    }
    return value;
  }
}
