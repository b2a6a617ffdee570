import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPglite } from '../../tests/support/databases.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createEmailQuota, EMAIL_QUOTA } from './email-quota.ts';

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
});
