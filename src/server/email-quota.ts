// Per address, whichever endpoint sends: an outsider spends only their own 5, never the owner's, and
// the shared ceiling of 20 bounds the codes (and guesses) one address can have.
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { inBackgroundAfterCommit } from './db/ambient-transaction.ts';
import type { Database } from './db/client.ts';
import { queryRows } from './db/client.ts';

export const EMAIL_QUOTA = { perClient: 5, perAddress: 20, windowSeconds: 600 } as const;

/** Only an allowed e-mail counts towards the shared ceiling; `ceiling` false: none (the demo accounts). */
export function createEmailQuota(db: Database, redis?: Redis) {
  const within = async (key: string, max: number) => {
    if (!redis) return countInWindow(db, key, { max, windowSeconds: EMAIL_QUOTA.windowSeconds });
    const results = await redis.multi().set(key, 0, 'EX', EMAIL_QUOTA.windowSeconds, 'NX').incr(key).exec();
    return Number(results?.[1]?.[1] ?? 0) <= max;
  };
  return async function consume(address: string, client: string, ceiling = true): Promise<boolean> {
    const to = address.trim().toLowerCase();
    if (!(await within(`email-quota:${to}#${client}`, EMAIL_QUOTA.perClient))) return false;
    return !ceiling || within(`email-quota:${to}`, EMAIL_QUOTA.perAddress);
  };
}

/** One atomic statement, so instances count together (never in `rate_limit`, which Better Auth prunes every minute). */
export async function countInWindow(db: Database, key: string, quota: { max: number; windowSeconds: number }): Promise<boolean> {
  const now = Date.now();
  const windowStart = now - quota.windowSeconds * 1000;
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`insert into email_quota (key, count, window_start) values (${key}, 1, ${now})
        on conflict (key) do update set
          count = case when email_quota.window_start < ${windowStart} then 1 else email_quota.count + 1 end,
          window_start = case when email_quota.window_start < ${windowStart} then ${now} else email_quota.window_start end
        returning count`,
  );
  const count = Number(row?.count ?? 0);
  if (count === 1) {
    const kind = key.slice(0, key.indexOf(':') + 1);
    await inBackgroundAfterCommit(
      db,
      sql`delete from email_quota where key in (
            select key from email_quota where left(key, ${kind.length}) = ${kind} and window_start < ${windowStart}
            limit 1000 for update skip locked)`,
      'could not prune ended quota windows',
    );
  }
  return count <= quota.max;
}
