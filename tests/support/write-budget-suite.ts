// Writes cannot flood the audit log: each user's API writes are budgeted, and a demo records only so many refusals.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#/server/db/client.ts';
import { database } from '#/server/db/index.ts';
import { api, authApi, signIn } from './api.ts';

/** Ending it is a write that changes nothing (404). */
const NO_SESSION = '/account/sessions/no-such-session';

export function writeBudgetSuite() {
  let user: string;
  let admin: string;

  beforeAll(async () => {
    user = await signIn('user@example.com');
    admin = await signIn('admin@example.com');
  });

  beforeEach(async () => {
    await (await database()).execute(sql`delete from rate_limit`);
  });

  describe('product-API write budget', () => {
    it('F5: the 61st write of a user in a minute answers 429 with Retry-After and a translated message', async () => {
      for (let i = 0; i < 60; i++) expect((await api('DELETE', NO_SESSION, { cookie: user })).status, `write ${i + 1}`).toBe(404);

      const refused = await api('DELETE', NO_SESSION, { cookie: user, language: 'fr' });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'Trop de requêtes. Veuillez réessayer plus tard.' });
      const retryAfter = Number(refused.headers.get('Retry-After'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // The typed client's protocol counts the same writes.
      const typed = await api('POST', '/_rpc/account/revokeSession', { cookie: user, body: { json: { id: 'no-such-session' } } });
      expect(typed.status).toBe(429);

      // Reads go on, and another user's writes are theirs to spend.
      expect((await api('GET', '/account/sessions', { cookie: user })).status).toBe(200);
      expect((await api('DELETE', NO_SESSION, { cookie: admin })).status).toBe(404);

      // The next minute, the user writes again.
      await (await database()).execute(sql`update rate_limit set last_request = last_request - 61000 where key like 'rpc-write:%'`);
      expect((await api('DELETE', NO_SESSION, { cookie: user })).status).toBe(404);
    });

    // example:start
    it('F5: a budget spent by an administrator refuses their creates before anything is written', async () => {
      for (let i = 0; i < 60; i++) await api('DELETE', NO_SESSION, { cookie: admin });
      const refused = await api('POST', '/books', { cookie: admin, body: { title: 'Over Budget', author: 'F5' } });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' });
      expect(await queryRows(await database(), sql`select id from book where title = 'Over Budget'`)).toEqual([]);
    });
    // example:end
  });
}

export function demoRefusalSuite() {
  const refusals = async () =>
    Number(
      (await queryRows<{ n: number }>(await database(), sql`select count(*)::int as n from audit_event where action = 'demo.refused'`))[0]!
        .n,
    );

  describe('demo mode: refusals in the audit log', () => {
    it(
      'F5: records at most 100 refusals per visitor an hour; the later writes are refused all the same',
      { timeout: 120_000 },
      async () => {
        const cookie = await signIn('user@example.com');
        const visitor = { 'x-app-client-ip': '198.51.100.50' };
        const before = await refusals();
        // The product API and the auth API share the visitor's count.
        for (let i = 0; i < 101; i++) {
          const res =
            i % 2
              ? await api('DELETE', NO_SESSION, { cookie, headers: visitor })
              : await authApi('POST', '/update-user', { cookie, headers: visitor, body: { name: 'Flood' } });
          expect(res.status, `refusal ${i + 1}`).toBe(403);
          expect(res.body, `refusal ${i + 1}`).toMatchObject({ code: 'DEMO_MODE' });
        }
        expect((await refusals()) - before).toBe(100);

        // Another visitor's refusal is recorded.
        expect((await api('DELETE', NO_SESSION, { cookie, headers: { 'x-app-client-ip': '198.51.100.51' } })).status).toBe(403);
        expect((await refusals()) - before).toBe(101);
      },
    );

    it(
      'G7: 150 addresses of one IPv6 /64 are one visitor: at most 100 recorded, all refused; another /64 is another visitor',
      { timeout: 120_000 },
      async () => {
        const cookie = await signIn('user@example.com');
        const before = await refusals();
        for (let i = 0; i < 150; i++) {
          const headers = { 'x-app-client-ip': `2001:db8:7:7:${(i + 1).toString(16)}::${(i * 7 + 3).toString(16)}` };
          const res = await api('DELETE', NO_SESSION, { cookie, headers });
          expect([res.status, (res.body as { code?: string }).code], `refusal ${i + 1}`).toEqual([403, 'DEMO_MODE']);
        }
        expect((await refusals()) - before).toBe(100);
        expect((await api('DELETE', NO_SESSION, { cookie, headers: { 'x-app-client-ip': '2001:db8:7:8::1' } })).status).toBe(403);
        expect((await refusals()) - before).toBe(101);
      },
    );

    it('G7: past 1 000 recorded refusals in the hour for everyone together, a new visitor’s refusal is not recorded either', async () => {
      const cookie = await signIn('user@example.com');
      const db = await database();
      const fresh = { 'x-app-client-ip': '192.0.2.77' };
      const before = await refusals();
      expect((await api('DELETE', NO_SESSION, { cookie, headers: fresh })).status).toBe(403);
      expect((await refusals()) - before).toBe(1);
      // The hour's other 999, as many visitors' refusals would have counted them.
      await db.execute(sql`update email_quota set count = 1000 where key = 'demo-refused-all:'`);
      for (const ip of ['192.0.2.78', '2001:db8:9::1', '198.51.100.200']) {
        const res = await api('DELETE', NO_SESSION, { cookie, headers: { 'x-app-client-ip': ip } });
        expect([res.status, (res.body as { code?: string }).code]).toEqual([403, 'DEMO_MODE']);
      }
      expect((await refusals()) - before).toBe(1);
      await db.execute(sql`delete from email_quota where key = 'demo-refused-all:'`);
    });
  });
}
