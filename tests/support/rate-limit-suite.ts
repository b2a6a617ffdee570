// Better Auth's rate limits on the database (no Redis); the counters are read from `rate_limit`.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '#/server/auth.ts';
import { backgroundSettled } from '#/server/db/ambient-transaction.ts';
import { queryRows } from '#/server/db/client.ts';
import { database } from '#/server/db/index.ts';
import { CLIENT_IP_HEADER } from '#/server/http/pipeline.ts';
import { ORIGIN } from './api.ts';

const SEND = '/email-otp/send-verification-otp';

/** Each address has its own quota of 5. */
async function sendCode(address: string) {
  const { handleAuthRequest } = await import('#/server/auth-handler.ts');
  const res = await handleAuthRequest(
    new Request(`${ORIGIN}/api/auth${SEND}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, [CLIENT_IP_HEADER]: address },
      body: JSON.stringify({ email: `rate-${randomUUID()}@example.com`, type: 'sign-in' }),
    }),
  );
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
}

const counters = async (pattern: string) =>
  queryRows<{ key: string; count: number }>(
    await database(),
    sql`select key, count from rate_limit where key like ${pattern} order by key`,
  );

async function age(pattern: string, seconds: number) {
  await (await database()).execute(sql`update rate_limit set last_request = last_request - ${seconds * 1000} where key like ${pattern}`);
}

export function rateLimitSuite() {
  describe('rate limits on the database', () => {
    it(`lets one address ask for ${RATE_LIMITS[SEND].max} codes a minute, then answers 429 with when to try again`, async () => {
      const address = '203.0.113.10';
      const answers = [];
      for (let i = 0; i < RATE_LIMITS[SEND].max + 2; i++) answers.push(await sendCode(address));
      expect(answers.map((a) => a.status)).toEqual([...Array(RATE_LIMITS[SEND].max).fill(200), 429, 429]);
      const retryAfter = Number(answers.at(-1)!.retryAfter);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS[SEND].window);
      // Another address is counted on its own.
      expect((await sendCode('203.0.113.11')).status).toBe(200);
    });

    it('counts again from one once the window has passed', async () => {
      const address = '203.0.113.20';
      for (let i = 0; i < RATE_LIMITS[SEND].max; i++) expect((await sendCode(address)).status).toBe(200);
      expect((await sendCode(address)).status).toBe(429);
      await age('203.0.113.20%', RATE_LIMITS[SEND].window);
      expect((await sendCode(address)).status).toBe(200);
      expect((await counters('203.0.113.20%')).map((c) => c.count)).toEqual([1]);
    });

    it('answers concurrent requests from addresses whose counters expired, and none of them fails', async () => {
      // All come back at once: pruning inside each request's transaction deadlocked them (500).
      const addresses = Array.from({ length: 12 }, (_, i) => `198.18.7.${i + 1}`);
      for (const a of addresses) expect((await sendCode(a)).status).toBe(200);
      await age('198.18.7.%', 3 * RATE_LIMITS[SEND].window);
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(addresses.map((a) => sendCode(a)));
        expect(answers.map((a) => a.status)).toEqual(addresses.map(() => 200));
        await age('198.18.7.%', 3 * RATE_LIMITS[SEND].window);
      }
    });

    it('removes counters older than the longest window once a request renews one', async () => {
      await sendCode('203.0.113.30');
      await sendCode('203.0.113.31');
      // Their own background pruning must not run after the aging below.
      await backgroundSettled();
      await age('203.0.113.3_%', 10 * 60);
      expect(await counters('203.0.113.3_%')).toHaveLength(2);
      // A renewed counter clears the expired ones (in the background, after the request).
      expect((await sendCode('203.0.113.31')).status).toBe(200);
      await expect.poll(async () => (await counters('203.0.113.3_%')).map((c) => c.count)).toEqual([1]);
    });
  });
}
