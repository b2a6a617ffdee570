/**
 * Recent session reads, per session cookie (decision 025). Reading a session through Better Auth
 * costs about 2 ms of CPU (its per-call context, the cookie signature, a session and a user query):
 * more than the rest of a books-list call. A read is reused for at most SESSION_CACHE_MS, and
 * every cached read is dropped as soon as anything could have changed a session or a user: a
 * request that may write (`mayChangeSessions`) empties the cache when it starts and again when it
 * ends, and a read that overlapped such a request is not kept.
 *
 * Without Redis there is one instance (ARCHITECTURE: scaling out needs `REDIS_URL`), so every such
 * write passes through this process. With Redis, instances share sessions there and this cache is
 * off: a sign-out on another instance must count at once.
 *
 * This module holds no reference to Better Auth, so the server entry can import it at start-up.
 */

/** The longest a session read is reused (bounds a change made outside this process, e.g. in SQL). */
export const SESSION_CACHE_MS = 30_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  at: number;
  generation: number;
  session: T;
}

const recent = new Map<string, Entry<unknown>>();
let generation = 0;
let writing = 0;

/** Better Auth's session cookie (with the `__Secure-` prefix on HTTPS): without it there is no session. */
const SESSION_COOKIE = /(?:^|;\s*)((?:__Secure-)?better-auth\.session_token=[^;]+)/;

export const sessionCookie = (request: Request) => SESSION_COOKIE.exec(request.headers.get('cookie') ?? '')?.[1];

/** Requests after which a cached session may be wrong: every write, and every auth call but a session read. */
export function mayChangeSessions(method: string, pathname: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return true;
  return pathname.startsWith('/api/auth/') && pathname !== '/api/auth/get-session';
}

/** Runs a request that may change sessions or users: cached reads are dropped before and after it. */
export async function changingSessions<T>(run: () => Promise<T>): Promise<T> {
  writing++;
  generation++;
  recent.clear();
  try {
    return await run();
  } finally {
    writing--;
    generation++;
    recent.clear();
  }
}

/**
 * The cached read for `cookie`, or `read()`'s answer, kept when no write overlapped it.
 * `expiresAt` says when a session itself ends (a cached session is never served past it).
 */
export async function cachedSession<T>(cookie: string, read: () => Promise<T>, expiresAt: (session: T) => number): Promise<T> {
  const now = Date.now();
  const hit = recent.get(cookie) as Entry<T> | undefined;
  if (hit && hit.generation === generation && now - hit.at < SESSION_CACHE_MS && expiresAt(hit.session) > now) return hit.session;
  const startedAt = generation;
  const session = await read();
  if (writing === 0 && generation === startedAt) {
    recent.delete(cookie);
    if (recent.size >= MAX_ENTRIES) recent.delete(recent.keys().next().value!);
    recent.set(cookie, { at: now, generation, session });
  }
  return session;
}
