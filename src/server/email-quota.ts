/**
 * Login codes per e-mail address: at most 5 in 10 minutes, whichever client asks (Better Auth's own
 * limits are per client address). Counted in Redis when configured, else in the database, with one
 * atomic statement either way, so several instances count together.
 */
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from './db/client.ts';
import { queryRows } from './db/client.ts';

export const EMAIL_QUOTA = { max: 5, windowSeconds: 600 } as const;

export function createEmailQuota(db: Database, redis?: Redis) {
  return async function consume(email: string): Promise<boolean> {
    const key = `login-code:${email.trim().toLowerCase()}`;
    if (redis) {
      const results = await redis.multi().set(key, 0, 'EX', EMAIL_QUOTA.windowSeconds, 'NX').incr(key).exec();
      return Number(results?.[1]?.[1] ?? 0) <= EMAIL_QUOTA.max;
    }
    const now = Date.now();
    const windowStart = now - EMAIL_QUOTA.windowSeconds * 1000;
    const [row] = await queryRows<{ count: number }>(
      db,
      sql`insert into rate_limit (id, key, count, last_request) values (${crypto.randomUUID()}, ${key}, 1, ${now})
          on conflict (key) do update set
            count = case when rate_limit.last_request < ${windowStart} then 1 else rate_limit.count + 1 end,
            last_request = case when rate_limit.last_request < ${windowStart} then ${now} else rate_limit.last_request end
          returning count`,
    );
    return Number(row?.count ?? 0) <= EMAIL_QUOTA.max;
  };
}
