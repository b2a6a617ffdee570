// A recent sign-in for sensitive actions (docs/decisions/102-a-recent-sign-in-for-sensitive-actions.md), through
// the real auth and product APIs: a session signed in more than ten minutes ago is answered SESSION_EXPIRED and
// nothing changes; confirming with an e-mail code or an authenticator code makes a new session that may.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '#/server/db/client.ts';
import { database } from '#/server/db/index.ts';
import { CLIENT_IP_HEADER } from '#/server/http/pipeline.ts';
import { api, authApi, codeSentAfter, newestMailId, signIn } from './api.ts';
import { totpCode } from './totp.ts';
import { enableAuthenticator, withCookies } from './two-factor-api-suite.ts';

const address = (prefix: string) => `${prefix}.${randomBytes(4).toString('hex')}@example.org`;
const EXPIRED = { code: 'SESSION_EXPIRED', message: 'Session expired. Re-authenticate to perform this action.' };

async function userIdOf(email: string) {
  const [row] = await queryRows<{ id: string }>(await database(), sql`select id from "user" where email = ${email}`);
  return row!.id;
}

/** The person's sessions signed in `minutes` ago. */
async function signedInAgo(userId: string, minutes: number) {
  const db = await database();
  await db.execute(sql`update session set created_at = now() - make_interval(mins => ${minutes}) where user_id = ${userId}`);
}

async function sessionsOf(userId: string) {
  return queryRows<{ token: string }>(await database(), sql`select token from session where user_id = ${userId}`);
}

const keysOf = async (userId: string) =>
  (await queryRows<{ name: string }>(await database(), sql`select name from api_key where reference_id = ${userId}`)).map((k) => k.name);

const newKey = (cookie: string, name: string, language?: string) =>
  api('POST', '/account/api-keys', { cookie, language, body: { name, expiresInDays: null, permissions: { user: ['list'] } } });

/**
 * An administrator, who may give the key above what it holds: once the example is removed a plain user's role has
 * nothing to give a key (decision 093).
 */
async function makeAdministrator(userId: string) {
  await (await database()).execute(sql`update "user" set role = 'admin' where id = ${userId}`);
}

/** The sign-in again that the confirming dialog makes: a code asked and typed in the browser that holds `cookie`. */
async function signInAgain(email: string, cookie: string) {
  const before = newestMailId();
  const asked = await authApi('POST', '/email-otp/send-verification-otp', { cookie, body: { email, type: 'sign-in' } });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const jar = withCookies(cookie, asked);
  const otp = await codeSentAfter(email, before);
  const signedIn = await authApi('POST', '/sign-in/email-otp', { cookie: jar, body: { email, otp } });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return withCookies(jar, signedIn);
}

export function recentSignInSuite() {
  describe('a recent sign-in for sensitive actions', () => {
    it('refuses each sensitive action of a session signed in more than ten minutes ago, translated, changing nothing', async () => {
      const email = address('rima');
      const cookie = await signIn(email);
      const id = await userIdOf(email);
      await signedInAgo(id, 11);
      const refusals: Array<[string, string, Record<string, unknown>]> = [
        ['POST', '/delete-user', {}],
        ['POST', '/email-otp/request-email-change', { newEmail: address('rima.new') }],
        ['POST', '/link-social', { provider: 'github', callbackURL: '/account' }],
        ['POST', '/unlink-account', { accountId: 'any' }],
        ['GET', '/passkey/generate-register-options', {}],
        ['POST', '/passkey/delete-passkey', { id: 'any' }],
        ['POST', '/two-factor/enable', {}],
        ['POST', '/two-factor/disable', {}],
        ['POST', '/two-factor/generate-backup-codes', {}],
        ['POST', '/organization/delete', { organizationId: 'any' }],
      ];
      for (const [method, path, body] of refusals) {
        const res = await authApi(method, path, { cookie, body });
        expect([path, res.status, res.body]).toEqual([path, 403, expect.objectContaining(EXPIRED)]);
      }
      // The auth API's refusal in the reader's language too.
      const frenchAuth = await authApi('POST', '/delete-user', { cookie: `${cookie}; i18next=fr`, body: {} });
      expect(frenchAuth.body).toMatchObject({
        code: 'SESSION_EXPIRED',
        message: 'Session expirée. Veuillez vous authentifier à nouveau pour effectuer cette action.',
      });
      const key = await newKey(cookie, 'too late');
      expect(key.status).toBe(403);
      expect(key.body).toMatchObject(EXPIRED);
      const french = await newKey(cookie, 'trop tard', 'fr');
      expect(french.body).toMatchObject({
        code: 'SESSION_EXPIRED',
        message: 'Session expirée. Veuillez vous authentifier à nouveau pour effectuer cette action.',
      });
      // Nothing happened: the account, its one session and no key.
      expect(await userIdOf(email)).toBe(id);
      expect(await sessionsOf(id)).toHaveLength(1);
      expect(await keysOf(id)).toEqual([]);
      // What is not sensitive still answers.
      expect((await api('GET', '/account/api-keys', { cookie })).status).toBe(200);
    });

    it('lets a session signed in nine minutes ago create a key', async () => {
      const email = address('sami');
      const cookie = await signIn(email);
      const id = await userIdOf(email);
      await makeAdministrator(id);
      await signedInAgo(id, 9);
      expect((await newKey(cookie, 'in time')).status).toBe(200);
      expect(await keysOf(id)).toEqual(['in time']);
    });

    it('confirms with an e-mail code: a new session in this browser, the earlier one gone, and the action passes', async () => {
      const email = address('tala');
      const cookie = await signIn(email);
      const id = await userIdOf(email);
      await makeAdministrator(id);
      await signedInAgo(id, 30);
      const [earlier] = await sessionsOf(id);
      const again = await signInAgain(email, cookie);
      expect(again).not.toBe(cookie);
      const now = await sessionsOf(id);
      expect(now).toHaveLength(1);
      expect(now[0]!.token).not.toBe(earlier!.token);
      expect((await newKey(again, 'confirmed')).status).toBe(200);
      expect(await keysOf(id)).toEqual(['confirmed']);
      // The earlier cookie is signed out.
      expect((await api('GET', '/account/api-keys', { cookie })).status).toBe(401);
    });

    it('confirms with an authenticator code once; five wrong codes end the session', async () => {
      const ip = { [CLIENT_IP_HEADER]: '198.51.100.77' };
      const email = address('umar');
      const { cookie, secret } = await enableAuthenticator(await signIn(email));
      const id = await userIdOf(email);
      await makeAdministrator(id);
      await signedInAgo(id, 30);
      expect((await newKey(cookie, 'before')).body).toMatchObject(EXPIRED);
      // The next step's code: the set-up spent this one's.
      const code = totpCode(secret, 1);
      const confirmed = await authApi('POST', '/two-factor/verify-totp', { cookie, body: { code }, headers: ip });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const renewed = withCookies(cookie, confirmed);
      expect(renewed).not.toBe(cookie);
      expect((await newKey(renewed, 'after')).status).toBe(200);
      expect(await keysOf(id)).toEqual(['after']);
      expect((await api('GET', '/account/api-keys', { cookie })).status).toBe(401);
      // The same code again confirms nothing.
      await signedInAgo(id, 30);
      const replay = await authApi('POST', '/two-factor/verify-totp', { cookie: renewed, body: { code }, headers: ip });
      expect(replay.status).toBe(401);
      expect((await newKey(renewed, 'replayed')).body).toMatchObject(EXPIRED);
      // Four more wrong codes (five in all), then even the right one is too late: the session has ended.
      for (let i = 0; i < 4; i++) {
        const wrong = await authApi('POST', '/two-factor/verify-totp', { cookie: renewed, body: { code: '000000' }, headers: ip });
        expect(wrong.status).toBe(401);
      }
      const ended = await authApi('POST', '/two-factor/verify-totp', { cookie: renewed, body: { code: totpCode(secret, 2) }, headers: ip });
      expect(ended.status).toBe(401);
      expect(ended.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
      expect(await sessionsOf(id)).toEqual([]);
      expect(await keysOf(id)).toEqual(['after']);
    });

    it('counts simultaneous wrong codes: twenty at once check five at most, and end the session', async () => {
      const email = address('vera');
      const { cookie, secret } = await enableAuthenticator(await signIn(email));
      const id = await userIdOf(email);
      await signedInAgo(id, 30);
      const wrong = totpCode(secret, 1) === '000000' ? '111111' : '000000';
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          authApi<{ code?: string }>('POST', '/two-factor/verify-totp', {
            cookie,
            body: { code: wrong },
            headers: { [CLIENT_IP_HEADER]: `198.51.100.${100 + i}` },
          }),
        ),
      );
      const checked = answers.filter((a) => a.body?.code === 'INVALID_CODE').length;
      expect(checked).toBeLessThanOrEqual(5);
      expect(answers.every((a) => a.status === 401)).toBe(true);
      expect(await sessionsOf(id)).toEqual([]);
    });

    it('a recovery code with a session confirms nothing, and wrong ones end it after five', async () => {
      const ip = { [CLIENT_IP_HEADER]: '198.51.100.88' };
      const email = address('wafa');
      const { cookie, recoveryCodes } = await enableAuthenticator(await signIn(email));
      const id = await userIdOf(email);
      await signedInAgo(id, 30);
      const used = await authApi('POST', '/two-factor/verify-backup-code', { cookie, body: { code: recoveryCodes[0] }, headers: ip });
      expect(used.status).toBe(200);
      expect((await newKey(cookie, 'not confirmed')).body).toMatchObject(EXPIRED);
      for (let i = 0; i < 5; i++) {
        await authApi('POST', '/two-factor/verify-backup-code', { cookie, body: { code: 'wrong-code' }, headers: ip });
      }
      const ended = await authApi('POST', '/two-factor/verify-backup-code', { cookie, body: { code: recoveryCodes[1] }, headers: ip });
      expect(ended.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
      expect(await sessionsOf(id)).toEqual([]);
    });

    it('an e-mail code that stops at the second step leaves the browser its earlier session', async () => {
      const email = address('xena');
      const { cookie } = await enableAuthenticator(await signIn(email));
      const id = await userIdOf(email);
      const before = newestMailId();
      const asked = await authApi('POST', '/email-otp/send-verification-otp', { cookie, body: { email, type: 'sign-in' } });
      const jar = withCookies(cookie, asked);
      const otp = await codeSentAfter(email, before);
      const step = await authApi<{ twoFactorRedirect?: boolean }>('POST', '/sign-in/email-otp', { cookie: jar, body: { email, otp } });
      expect(step.body).toMatchObject({ twoFactorRedirect: true });
      expect(await sessionsOf(id)).toHaveLength(1);
      expect((await api('GET', '/account/api-keys', { cookie })).status).toBe(200);
    });
  });
}
