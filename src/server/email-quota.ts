/**
 * E-mails per address, whichever endpoint sends them (Better Auth's own limits are per client
 * address and path): in 10 minutes, at most 5 asked from one client address, and 20 from all
 * clients together. An outsider spends only their own 5, never the owner's; the shared ceiling
 * bounds the codes one address can have, so the guesses at them (3 per code). Counted in Redis
 * when configured, else in the database's `email_quota` table (never in `rate_limit`, which
 * Better Auth prunes every minute), with one atomic statement per count, so several instances
 * count together.
 */
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { inBackgroundAfterCommit } from './db/ambient-transaction.ts';
import type { Database } from './db/client.ts';
import { queryRows } from './db/client.ts';

export const EMAIL_QUOTA = { perClient: 5, perAddress: 20, windowSeconds: 600 } as const;

/**
 * `consume(address, client)` counts one e-mail to `address` asked from `client` (its network
 * address) and says whether it is allowed. Only an allowed one counts towards the shared ceiling,
 * so a client past its own quota adds nothing to it; with `ceiling` false there is none (a public
 * demo's accounts, which are no one's).
 */
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

/**
 * Counts one more use of `key` in its fixed window, in the `email_quota` key/count table (migration
 * 0005; rows keyed by kind: `email-quota:…`, `image-upload:…`), with one atomic statement, so
 * instances count together. True while the count is within `quota.max`. A window started anew
 * (count 1) then removes the counters of the same kind whose window has ended, once the request's
 * transaction has committed and skipping any another request holds, so the table keeps only the
 * counters that still count.
 */
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
