// A script looping over a write would otherwise add audit events (kept a year) as fast as the server answers.
import type { Database } from './db/client.ts';
import { env } from './env.ts';
import { databaseRateLimits, redisRateLimits } from './rate-limits.ts';

/** No longer than the auth API's longest window: both prune the shared `rate_limit` table by their own. */
const WINDOW = 60;

let storage: Promise<ReturnType<typeof databaseRateLimits>> | undefined;

export async function spendWrite(db: Database, userId: string) {
  const { redisUrl, apiWritesPerMinute } = env();
  storage ??= redisUrl
    ? import('./redis.ts').then(({ redisConnection }) => redisRateLimits(redisConnection(redisUrl)))
    : Promise.resolve(databaseRateLimits(db, WINDOW));
  return (await storage).consume(`rpc-write:${userId}`, { window: WINDOW, max: apiWritesPerMinute });
}
