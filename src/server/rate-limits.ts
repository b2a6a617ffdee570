// Better Auth's own database limiter deadlocked when two audited calls renewed windows at once
// (tests/support/rate-limit-suite.ts): one atomic step per request here.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { inBackgroundAfterCommit } from './db/ambient-transaction.ts';
import { queryRows, type Database } from './db/client.ts';

interface RateLimitRule {
  /** Seconds. */
  window: number;
  max: number;
}
type Consume = (key: string, rule: RateLimitRule) => Promise<{ allowed: boolean; retryAfter: number | null }>;

export function redisRateLimits(redis: Redis): { consume: Consume } {
  return {
    consume: async (key, rule) => {
      const results = await redis.multi().set(`rate:${key}`, 0, 'EX', rule.window, 'NX').incr(`rate:${key}`).exec();
      const count = Number(results?.[1]?.[1] ?? 0);
      return count <= rule.max ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter: rule.window };
    },
  };
}

/** Old counters are pruned after commit, skipping any another request holds: nothing waits, so nothing deadlocks. */
export function databaseRateLimits(db: Database, longestWindow: number): { consume: Consume } {
  let longest = longestWindow;
  return {
    consume: async (key, rule) => {
      longest = Math.max(longest, rule.window);
      const now = Date.now();
      const windowStart = now - rule.window * 1000;
      const [row] = await queryRows<{ count: number; started: string }>(
        db,
        sql`insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now})
            on conflict (key) do update set
              count = case when rate_limit.last_request <= ${windowStart} then 1 else rate_limit.count + 1 end,
              last_request = case when rate_limit.last_request <= ${windowStart} then ${now} else rate_limit.last_request end
            returning count, last_request::text as started`,
      );
      const count = Number(row?.count ?? 1);
      if (count === 1)
        await inBackgroundAfterCommit(
          db,
          sql`delete from rate_limit where id in (
                select id from rate_limit where last_request < ${now - longest * 1000} limit 1000 for update skip locked)`,
          'could not prune rate limits',
        );
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      const endsIn = (Number(row?.started ?? now) + rule.window * 1000 - now) / 1000;
      return { allowed: false, retryAfter: Math.max(1, Math.ceil(endsIn)) };
    },
  };
}
