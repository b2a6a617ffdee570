import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshPglite } from '../../tests/support/databases.ts';
import { queryRows, type DatabaseHandle } from './db/client.ts';
import { countInWindow, createEmailQuota, EMAIL_QUOTA } from './email-quota.ts';
import { logger } from './logger.ts';

describe('login codes per e-mail (database counter)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await freshPglite();
  });
  afterAll(() => handle.close());

  it('allows 5 codes per address asked from one client in the window, case-insensitively, then refuses; another client has its own 5', async () => {
    const consume = createEmailQuota(handle.db);
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await consume(i % 2 ? 'Ada@Example.com' : 'ada@example.com', { key: '203.0.113.1' }));
    expect(results).toEqual([true, true, true, true, true, false, false]);
    expect(await consume('ada@example.com', { key: '203.0.113.2' })).toBe(true);
    expect(await consume('someone.else@example.com', { key: '203.0.113.1' })).toBe(true);
  });

  it('allows 20 codes per address from all clients together; the refused ones of a client past its 5 do not count', async () => {
    const consume = createEmailQuota(handle.db);
    const results = [];
    for (let client = 1; client <= 5; client++)
      for (let i = 0; i < 6; i++) results.push(await consume('popular@example.com', { key: `198.51.100.${client}` }));
    // Each client's sixth is its own refusal; the fifth client's five are past the ceiling.
    expect(results).toEqual([
      ...[1, 2, 3, 4].flatMap(() => [true, true, true, true, true, false]),
      ...[false, false, false, false, false, false],
    ]);
    // Without a ceiling (a public demo's accounts), each client keeps only its own 5.
    expect(await consume('popular@example.com', { key: '198.51.100.6' }, false)).toBe(true);
  });

  afterEach(() => vi.restoreAllMocks());

  it('G3: past the ceiling, serves only the clients it is told to (their five still count), and warns once per window', async () => {
    const warn = vi.spyOn(logger(), 'warn').mockImplementation((() => undefined) as never);
    const consume = createEmailQuota(handle.db);
    for (let client = 1; client <= 4; client++)
      for (let i = 0; i < 5; i++) expect(await consume('owner@example.com', { key: `203.0.${client}.0/24` })).toBe(true);
    expect(warn).not.toHaveBeenCalled();
    const served = { key: 'device:owner-browser', servedPastCeiling: async () => true };
    expect(await consume('owner@example.com', { key: '198.51.100.0/24' })).toBe(false);
    expect(await consume('owner@example.com', { key: '198.51.101.0/24', servedPastCeiling: async () => false })).toBe(false);
    for (let i = 0; i < 5; i++) expect(await consume('owner@example.com', served)).toBe(true);
    expect(await consume('owner@example.com', served)).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatchObject({ event: 'email_quota.ceiling', to: 'owner@example.com' });
  });

  it('counts concurrent requests exactly once each', async () => {
    const consume = createEmailQuota(handle.db);
    const results = await Promise.all(Array.from({ length: 10 }, () => consume('race@example.com', { key: '203.0.113.9' })));
    expect(results.filter(Boolean)).toHaveLength(5);
  });

  it('removes the counters of its kind whose window ended, once a window starts anew', async () => {
    const consume = createEmailQuota(handle.db);
    await consume('old-1@example.com', { key: 'a' });
    await consume('old-2@example.com', { key: 'a' });
    await countInWindow(handle.db, 'image-upload:someone', { max: 30, windowSeconds: 600 });
    const keys = async () =>
      (
        await queryRows<{ key: string }>(
          handle.db,
          sql`select key from email_quota where key like '%old-%' or key like 'image-upload:%' order by key`,
        )
      ).map((r) => r.key);
    await handle.db.execute(sql`update email_quota set window_start = window_start - ${(EMAIL_QUOTA.windowSeconds + 1) * 1000}`);
    expect(await consume('old-1@example.com', { key: 'a' })).toBe(true);
    // The other address's counters go; old-1's are counting again; an upload counter is another kind.
    await expect.poll(keys).toEqual(['email-quota:old-1@example.com', 'email-quota:old-1@example.com#a', 'image-upload:someone']);
  });
});
