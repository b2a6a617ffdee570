// A script looping over a write would otherwise add audit events (kept a year) as fast as the server answers.
import type { Database } from './db/client.ts';
import { env } from './env.ts';
import { databaseRateLimits, redisRateLimits } from './rate-limits.ts';

/** No longer than the auth API's longest window: both prune the shared `rate_limit` table by their own. */
const WINDOW = 60;

let storage: Promise<ReturnType<typeof databaseRateLimits>> | undefined;

function counters(db: Database) {
  const { redisUrl } = env();
  storage ??= redisUrl
    ? import('./redis.ts').then(({ redisConnection }) => redisRateLimits(redisConnection(redisUrl)))
    : Promise.resolve(databaseRateLimits(db, WINDOW));
  return storage;
}

export async function spendWrite(db: Database, userId: string) {
  return (await counters(db)).consume(`rpc-write:${userId}`, { window: WINDOW, max: env().apiWritesPerMinute });
}

/**
 * An MCP client's own budget for one person, as an API key has (300 calls a minute, decision 073): a client
 * signed in with OAuth (src/server/oauth-agents.ts) has no key row to count on.
 */
const OAUTH_CLIENT_CALLS_PER_MINUTE = 300;

export async function spendClientCall(db: Database, clientId: string, userId: string) {
  return (await counters(db)).consume(`oauth-client:${clientId}:${userId}`, { window: WINDOW, max: OAUTH_CLIENT_CALLS_PER_MINUTE });
}
