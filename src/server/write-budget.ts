/**
 * Each user's writes through the product API: API_WRITES_PER_MINUTE (60 by default). Nobody
 * clicks that fast, and a script looping over a write would otherwise add audit events (kept a
 * year) as fast as the server answers. Counted where the auth API's rate limits are
 * (src/server/rate-limits.ts): Redis when configured, else the database, so every instance counts
 * the same writes.
 */
import type { Database } from './db/client.ts';
import { env } from './env.ts';
import { databaseRateLimits, redisRateLimits } from './rate-limits.ts';

/**
 * Seconds. No longer than the auth API's longest window (auth.ts): the two share the `rate_limit`
 * table, and each prunes the counters older than its own longest window.
 */
const WINDOW = 60;

let storage: Promise<ReturnType<typeof databaseRateLimits>> | undefined;

/** Counts one write by `userId`: allowed, or refused with the seconds until the budget renews. */
export async function spendWrite(db: Database, userId: string) {
  const { redisUrl, apiWritesPerMinute } = env();
  storage ??= redisUrl
    ? import('./redis.ts').then(({ redisConnection }) => redisRateLimits(redisConnection(redisUrl)))
    : Promise.resolve(databaseRateLimits(db, WINDOW));
  return (await storage).consume(`rpc-write:${userId}`, { window: WINDOW, max: apiWritesPerMinute });
}
