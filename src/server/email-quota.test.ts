import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPglite } from '../../tests/support/databases.ts';
import { queryRows, type DatabaseHandle } from './db/client.ts';
import { countInWindow, createEmailQuota, EMAIL_QUOTA } from './email-quota.ts';

describe('login codes per e-mail (database counter)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await freshPglite();
  });
  afterAll(() => handle.close());

  it(`allows ${EMAIL_QUOTA.max} codes per address in the window, case-insensitively, then refuses`, async () => {
    const consume = createEmailQuota(handle.db);
    const results = [];
    for (let i = 0; i < EMAIL_QUOTA.max + 2; i++) results.push(await consume(i % 2 ? 'Ada@Example.com' : 'ada@example.com'));
    expect(results).toEqual([...Array(EMAIL_QUOTA.max).fill(true), false, false]);
    expect(await consume('someone.else@example.com')).toBe(true);
  });

  it('counts concurrent requests exactly once each', async () => {
    const consume = createEmailQuota(handle.db);
    const results = await Promise.all(Array.from({ length: 10 }, () => consume('race@example.com')));
    expect(results.filter(Boolean)).toHaveLength(EMAIL_QUOTA.max);
  });

  it('removes the counters of its kind whose window ended, once a window starts anew', async () => {
    const consume = createEmailQuota(handle.db);
    await consume('old-1@example.com');
    await consume('old-2@example.com');
    await countInWindow(handle.db, 'image-upload:someone', { max: 30, windowSeconds: 600 });
    const keys = async () =>
      (
        await queryRows<{ key: string }>(
          handle.db,
          sql`select key from email_quota where key like '%old-%' or key like 'image-upload:%' order by key`,
        )
      ).map((r) => r.key);
    // Ten minutes and a second later, the three windows have ended.
    await handle.db.execute(sql`update email_quota set window_start = window_start - ${(EMAIL_QUOTA.windowSeconds + 1) * 1000}`);
    expect(await consume('old-1@example.com')).toBe(true);
    // The other address's counter goes; old-1's is counting again; an upload counter is another kind.
    await expect.poll(keys).toEqual(['email-quota:old-1@example.com', 'image-upload:someone']);
  });
});
