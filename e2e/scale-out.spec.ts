import { Redis } from 'ioredis';
import { freshPostgres, TEST_DATABASE_URL } from '../tests/support/databases';
import { clientHeaders, expect, signInViaApi, test } from './support/fixtures';
import { startApp } from './support/app-server';
import { startSmtpSink } from './support/smtp-sink';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/3';

/** A session made on one instance is valid on the other, and the rate limit counts requests to both. */
test.describe('several instances with REDIS_URL', () => {
  // These tests start servers of their own: give them room on a busy 2-core machine.
  test.describe.configure({ timeout: 180_000 });
  test.skip(!TEST_DATABASE_URL, 'needs TEST_DATABASE_URL (CI sets it to the local PostgreSQL)');

  test('share one session and one rate limit', async ({ playwright }) => {
    const redis = new Redis(REDIS_URL);
    const db = await freshPostgres();
    const sink = await startSmtpSink();
    const shared = { DATABASE_URL: db.url, REDIS_URL, AUTH_SECRET: 'e2e-shared-secret-0123456789abcdefghij', EMAIL_SERVER: sink.url };
    const a = await startApp(shared);
    const b = await startApp(shared);
    try {
      const headers = clientHeaders();
      const onA = await playwright.request.newContext({ baseURL: a.url, extraHTTPHeaders: headers });
      const email = `scale.${Date.now()}@example.org`;
      await signInViaApi(onA, a, sink, email);
      const cookies = (await onA.storageState()).cookies;

      const onB = await playwright.request.newContext({
        baseURL: b.url,
        extraHTTPHeaders: headers,
        storageState: { cookies: cookies.map((c) => ({ ...c, domain: '127.0.0.1' })), origins: [] },
      });
      const session = await (await onB.get('/api/auth/get-session')).json();
      expect(session?.user?.email).toBe(email);
      // Sessions live in the database only; Redis holds the rate-limit counters.
      const token = decodeURIComponent(cookies.find((c) => c.name === 'better-auth.session_token')!.value).split('.')[0]!;
      expect(await redis.get(token)).toBeNull();

      // One counter for both instances: 10 sends a minute; a new address each time avoids the per-address limit.
      let n = 0;
      const send = (ctx: typeof onA, url: string) =>
        ctx.post('/api/auth/email-otp/send-verification-otp', {
          data: { email: `scale.${n++}.${email}`, type: 'sign-in' },
          headers: { Origin: url },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await send(onA, a.url)).status(), (await send(onB, b.url)).status());
      // One send happened during sign-in: the 10th request overall is the last one allowed.
      expect(statuses.filter((s) => s === 200)).toHaveLength(9);
      expect(statuses.slice(9).every((s) => s === 429)).toBe(true);
      await onA.dispose();
      await onB.dispose();
    } finally {
      await a.stop();
      await b.stop();
      await sink.close();
      await db.drop();
      redis.disconnect();
    }
  });
});
