// Per address, whichever endpoint sends (docs/decisions/078-sign-in-codes-an-outsider-cannot-spend.md):
// 5 per client (a network: IPv4 /24, IPv6 /48, so many addresses of one provider count once; or a
// browser the account signed in on) and a ceiling of 20 for everyone together, which bounds the
// codes (and guesses) one address can have. Past the ceiling an outsider's requests are refused,
// but the owner is not: a client whose code is pending gets it again (it is re-sent, no new code),
// and a browser the account signed in on is served. The first refusal of a window is logged.
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { inBackgroundAfterCommit } from './db/ambient-transaction.ts';
import type { Database } from './db/client.ts';
import { queryRows } from './db/client.ts';
import { logger } from './logger.ts';

export const EMAIL_QUOTA = { perClient: 5, perAddress: 20, windowSeconds: 600 } as const;

export interface QuotaClient {
  /** Who the five are counted for. */
  key: string;
  /** Served past the ceiling (the five still count). */
  servedPastCeiling?: () => Promise<boolean>;
}

/** Only an allowed e-mail counts towards the shared ceiling; `ceiling` false: none (the demo accounts). */
export function createEmailQuota(db: Database, redis?: Redis) {
  const count = async (key: string): Promise<number> => {
    if (!redis) return countNow(db, key, EMAIL_QUOTA.windowSeconds);
    const results = await redis.multi().set(key, 0, 'EX', EMAIL_QUOTA.windowSeconds, 'NX').incr(key).exec();
    return Number(results?.[1]?.[1] ?? 0);
  };
  return async function consume(address: string, client: QuotaClient, ceiling = true): Promise<boolean> {
    const to = address.trim().toLowerCase();
    if ((await count(`email-quota:${to}#${client.key}`)) > EMAIL_QUOTA.perClient) return false;
    if (!ceiling) return true;
    const asked = await count(`email-quota:${to}`);
    if (asked <= EMAIL_QUOTA.perAddress) return true;
    if (asked === EMAIL_QUOTA.perAddress + 1) {
      logger().warn(
        { event: 'email_quota.ceiling', to, perAddress: EMAIL_QUOTA.perAddress, windowSeconds: EMAIL_QUOTA.windowSeconds },
        'an address reached its ceiling of codes: only pending codes are re-sent and browsers it signed in on served until the window ends',
      );
    }
    return (await client.servedPastCeiling?.()) ?? false;
  };
}

/** Whether `key` is still within `max` in its window, counting this one. */
export const countInWindow = async (db: Database, key: string, quota: { max: number; windowSeconds: number }): Promise<boolean> =>
  (await countNow(db, key, quota.windowSeconds)) <= quota.max;

/** One atomic statement, so instances count together (never in `rate_limit`, which Better Auth prunes every minute). */
async function countNow(db: Database, key: string, windowSeconds: number): Promise<number> {
  const now = Date.now();
  const windowStart = now - windowSeconds * 1000;
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
  return count;
}
