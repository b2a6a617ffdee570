// The second factor through the real auth API (docs/decisions/094-a-second-factor-on-every-way-in.md): an
// authenticator app set up from the account page's calls, then asked for after every first factor. The codes are
// computed by tests/support/totp.ts from the secret the set-up answered, as an authenticator app does.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { submitTwoFactorForm, submitVerifyForm } from '#/features/auth/sign-in-forms.server.ts';
import { identity } from '#/lib/identity.ts';
import { queryRows } from '#/server/db/client.ts';
import { database } from '#/server/db/index.ts';
import { mailboxMessages } from '#/server/email/dev-mailbox.ts';
import { CLIENT_IP_HEADER } from '#/server/http/pipeline.ts';
import { api, authApi, codeSentAfter, newestMailId, ORIGIN, signIn as signInOnce, type ApiResult } from './api.ts';

import { link, throughProvider } from './linked-accounts-api-suite.ts';
import { assertSoftPasskey, registerSoftPasskey } from './passkey-authenticator.ts';
import { secretOf, totpCode } from './totp.ts';

const address = (prefix: string) => `${prefix}.${randomBytes(4).toString('hex')}@example.org`;

let client = 0;
let ip = '';
beforeEach(() => {
  ip = `203.0.113.${(client++ % 200) + 10}`;
});
/** From the test's own address: the suite signs in more often than the 20 a minute one address may. */
const signIn = (email: string, cookie?: string) => signInOnce(email, { clientIp: ip, cookie });

/** `cookie` with the cookies an answer sets (an emptied one removed). */
export function withCookies(cookie: string, res: { headers: Headers }) {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  for (const set of res.headers.getSetCookie()) {
    const pair = set.split(';')[0]!;
    const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
    if (value && !/max-age=0/i.test(set)) jar.set(name, value);
    else jar.delete(name);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

const call = <T = Record<string, unknown>>(method: string, path: string, cookie: string, body?: Record<string, unknown>) =>
  authApi<T>(method, path, { cookie, body, headers: { [CLIENT_IP_HEADER]: ip } });

export interface Enabled {
  cookie: string;
  secret: string;
  /** The code that confirmed it: spent. */
  firstCode: string;
  recoveryCodes: string[];
}

/** The account page's set-up: the secret and recovery codes, then a first code confirms it. */
export async function enableAuthenticator(cookie: string): Promise<Enabled> {
  const started = await call<{ totpURI: string; backupCodes: string[] }>('POST', '/two-factor/enable', cookie, {});
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const secret = secretOf(started.body.totpURI);
  const firstCode = totpCode(secret);
  const confirmed = await call('POST', '/two-factor/verify-totp', cookie, { code: firstCode });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { cookie: withCookies(cookie, confirmed), secret, firstCode, recoveryCodes: started.body.backupCodes };
}

async function userIdOf(email: string) {
  const [row] = await queryRows<{ id: string }>(await database(), sql`select id from "user" where email = ${email}`);
  return row!.id;
}

async function events(userId: string) {
  return queryRows<{ action: string; actor_id: string | null; details: unknown }>(
    await database(),
    sql`select action, actor_id, details from audit_event where target_id = ${userId} and (action like 'auth.%' or action like 'two-factor.%') order by id`,
  );
}

const sessionOf = async (cookie: string) => (await call<{ user?: { id: string } } | null>('GET', '/get-session', cookie)).body;

/** What the step's cookie reaches: nothing but the step. */
async function expectNoSession(cookie: string) {
  expect(await sessionOf(cookie)).toBeNull();
  const organizations = await api('GET', '/organizations', { cookie });
  expect(organizations.status).toBe(401);
  expect(organizations.body).toMatchObject({
    code: 'SECOND_FACTOR_REQUIRED',
    message: 'Enter the code from your authenticator app to finish signing in',
  });
  const french = await api('GET', '/account/passkeys', { cookie, language: 'fr' });
  expect(french.status).toBe(401);
  expect(french.body).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED', message: expect.stringContaining('authentification') });
}

export function twoFactorSuite() {
  describe('an authenticator app as a second factor', () => {
    // The first sign-in loads the auth library and its plugins: not within a test's time.
    beforeAll(async () => {
      await signIn(address('warm-up'));
    }, 180_000);

    it('is set up with a QR code’s URI and 10 recovery codes, confirmed by a first code, and audited', async () => {
      const email = address('ada');
      const cookie = await signIn(email);
      const id = await userIdOf(email);
      const started = await call<{ totpURI: string; backupCodes: string[] }>('POST', '/two-factor/enable', cookie, {});
      expect(started.status).toBe(200);
      // The issuer is the product's name (src/lib/identity.ts), as the authenticator app lists it.
      const issuer = encodeURIComponent(identity.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect(started.body.totpURI).toMatch(
        new RegExp(`^otpauth://totp/${issuer}:ada\\.[0-9a-f]+%40example\\.org\\?secret=[A-Z2-7]+&issuer=${issuer}&digits=6&period=30$`),
      );
      expect(started.body.backupCodes).toHaveLength(10);
      expect(new Set(started.body.backupCodes).size).toBe(10);
      // Not on until a code from the app confirms it.
      expect((await sessionOf(cookie))?.user).toMatchObject({ twoFactorEnabled: false });
      const wrong = await call('POST', '/two-factor/verify-totp', cookie, {
        code: '000000' === totpCode(secretOf(started.body.totpURI)) ? '111111' : '000000',
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ code: 'INVALID_CODE' });
      const confirmed = await call('POST', '/two-factor/verify-totp', cookie, { code: totpCode(secretOf(started.body.totpURI)) });
      expect(confirmed.status).toBe(200);
      expect((await sessionOf(withCookies(cookie, confirmed)))?.user).toMatchObject({ id, twoFactorEnabled: true });
      // The manager's user page says so.
      const admin = await signIn('admin@example.com');
      expect((await api('GET', `/users/${id}`, { cookie: admin })).body).toMatchObject({ id, twoFactorEnabled: true });

      // The secret is stored encrypted, the recovery codes as hashes: neither is readable in the row.
      const [row] = await queryRows<{ secret: string; backup_codes: string }>(
        await database(),
        sql`select secret, backup_codes from two_factor where user_id = ${id}`,
      );
      expect(row!.secret).not.toContain(secretOf(started.body.totpURI));
      for (const code of started.body.backupCodes) expect(row!.backup_codes).not.toContain(code);
      expect(JSON.parse(row!.backup_codes)).toHaveLength(10);
      expect((await events(id)).filter((e) => e.action.startsWith('two-factor.'))).toEqual([
        { action: 'two-factor.enabled', actor_id: id, details: null },
      ]);
    });

    it('after an e-mail code, leaves no session until the authenticator code: the product API and the session read refuse it', async () => {
      const email = address('grace');
      const { secret } = await enableAuthenticator(await signIn(email));
      const id = await userIdOf(email);

      const pending = await signIn(email);
      expect(pending).toContain('better-auth.two_factor=');
      await expectNoSession(pending);
      // The auth API's own reads and writes see no one either.
      expect((await call('POST', '/update-user', pending, { name: 'Mallory' })).status).toBe(401);
      expect((await call('GET', '/list-sessions', pending)).status).toBe(401);

      const done = await call<{ user: { id: string } }>('POST', '/two-factor/verify-totp', pending, { code: totpCode(secret, 1) });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const cookie = withCookies(pending, done);
      expect(cookie).not.toContain('two_factor');
      expect((await sessionOf(cookie))?.user?.id).toBe(id);
      expect((await api('GET', '/organizations', { cookie })).status).toBe(200);

      const signIns = (await events(id)).filter((e) => e.action === 'auth.second-factor-asked' || e.action === 'auth.sign-in');
      expect(signIns.slice(-2)).toEqual([
        { action: 'auth.second-factor-asked', actor_id: id, details: { method: 'email-otp' } },
        { action: 'auth.sign-in', actor_id: id, details: { method: 'totp' } },
      ]);
    });

    it('refuses a code used once, and ends the step after five wrong codes', async () => {
      const email = address('hedy');
      const { secret, firstCode } = await enableAuthenticator(await signIn(email));
      const id = await userIdOf(email);

      // The code that confirmed the set-up is spent: the same one does not finish a sign-in.
      const first = await signIn(email);
      const replayed = await call('POST', '/two-factor/verify-totp', first, { code: firstCode });
      expect(replayed.status).toBe(401);
      expect(replayed.body).toMatchObject({ code: 'INVALID_CODE', message: 'Invalid code' });
      const next = totpCode(secret, 1);
      const accepted = await call('POST', '/two-factor/verify-totp', first, { code: next });
      expect(accepted.status).toBe(200);
      // Nor does it finish another one.
      const second = await signIn(email);
      expect((await call('POST', '/two-factor/verify-totp', second, { code: next })).status).toBe(401);

      const third = await signIn(email);
      const wrong = next === '123456' ? '654321' : '123456';
      for (let i = 0; i < 4; i++) expect((await call('POST', '/two-factor/verify-totp', third, { code: wrong })).status).toBe(401);
      const ended = await call('POST', '/two-factor/verify-totp', third, { code: wrong });
      expect(ended.status).toBe(401);
      const after = await call('POST', '/two-factor/verify-totp', third, { code: totpCode(secret, 1) });
      expect(after.status).toBe(400);
      expect(after.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' });
      await expectNoSession(third);
      const wrongCodes = (await events(id)).filter((e) => e.action === 'auth.wrong-code');
      expect(wrongCodes.length).toBeGreaterThanOrEqual(7);
      expect(wrongCodes[0]).toEqual({ action: 'auth.wrong-code', actor_id: null, details: { method: 'totp', code: 'INVALID_CODE' } });
    });

    it('takes a recovery code once at the step, and new codes end the old ones', async () => {
      const email = address('lin');
      const { cookie, recoveryCodes } = await enableAuthenticator(await signIn(email));
      const id = await userIdOf(email);

      const pending = await signIn(email);
      const used = await call('POST', '/two-factor/verify-backup-code', pending, { code: recoveryCodes[0] });
      expect(used.status, JSON.stringify(used.body)).toBe(200);
      expect((await sessionOf(withCookies(pending, used)))?.user?.id).toBe(id);
      const again = await call('POST', '/two-factor/verify-backup-code', await signIn(email), { code: recoveryCodes[0] });
      expect(again.status).toBe(401);
      expect(again.body).toMatchObject({ code: 'INVALID_BACKUP_CODE' });

      const renewed = await call<{ backupCodes: string[] }>('POST', '/two-factor/generate-backup-codes', cookie, {});
      expect(renewed.status).toBe(200);
      expect(renewed.body.backupCodes).toHaveLength(10);
      expect((await call('POST', '/two-factor/verify-backup-code', await signIn(email), { code: recoveryCodes[1] })).status).toBe(401);
      expect(
        (await call('POST', '/two-factor/verify-backup-code', await signIn(email), { code: renewed.body.backupCodes[0] })).status,
      ).toBe(200);
      const actions = (await events(id)).map((e) => [e.action, (e.details as { method?: string } | null)?.method ?? null]);
      expect(actions).toContainEqual(['auth.sign-in', 'recovery-code']);
      expect(actions).toContainEqual(['two-factor.recovery-codes-regenerated', null]);
    });

    it('after a passkey that did not verify its user, asks for the step; one that did counts as both factors', async () => {
      const email = address('mae');
      const { cookie, secret } = await enableAuthenticator(await signIn(email));
      const challenge = await call<{ challenge: string; rp: { id: string }; user: { id: string } }>(
        'GET',
        '/passkey/generate-register-options',
        cookie,
      );
      const { passkey, response } = registerSoftPasskey(challenge.body, ORIGIN);
      const added = await call('POST', '/passkey/verify-registration', withCookies(cookie, challenge), { response });
      expect(added.status, JSON.stringify(added.body)).toBe(200);

      const passkeySignIn = async (userVerified: boolean) => {
        const options = await call<{ challenge: string; rpId: string }>('GET', '/passkey/generate-authenticate-options', '');
        const answer = assertSoftPasskey(passkey, options.body, ORIGIN, { userVerified });
        const res: ApiResult<Record<string, unknown>> = await call('POST', '/passkey/verify-authentication', withCookies('', options), {
          response: answer,
        });
        return { res, cookie: withCookies('', res) };
      };
      const withoutPin = await passkeySignIn(false);
      expect(withoutPin.res.status).toBe(200);
      expect(withoutPin.res.body).toMatchObject({ twoFactorRedirect: true });
      await expectNoSession(withoutPin.cookie);
      expect((await call('POST', '/two-factor/verify-totp', withoutPin.cookie, { code: totpCode(secret, 1) })).status).toBe(200);

      const withPin = await passkeySignIn(true);
      expect(withPin.res.status).toBe(200);
      expect((await sessionOf(withPin.cookie))?.user).toMatchObject({ twoFactorEnabled: true });
    });

    it('after an OpenID Connect sign-in, the callback sends the browser to the step with no session', async () => {
      const email = address('oidc');
      const { cookie, secret } = await enableAuthenticator(await signIn(email));
      const subject = `sub-${randomBytes(4).toString('hex')}`;
      expect((await link(cookie, subject)).status).toBe(302);

      const back = await throughProvider('/sign-in/social', '', subject, { provider: 'oidc', callbackURL: '/app/books' });
      expect(back.status).toBe(302);
      expect(back.location).toBe('/login/two-factor?redirect=%2Fapp%2Fbooks');
      const pending = back.cookies.filter((c) => !/=$/.test(c)).join('; ');
      expect(pending).toContain('better-auth.two_factor=');
      expect(pending).not.toContain('session_token');
      await expectNoSession(pending);
      const done = await call('POST', '/two-factor/verify-totp', pending, { code: totpCode(secret, 1) });
      expect(done.status).toBe(200);
      expect((await sessionOf(withCookies(pending, done)))?.user?.id).toBe(await userIdOf(email));
    });

    it('works without JavaScript: the code’s form goes on to the step, whose forms finish or cancel it', async () => {
      const email = address('nojs');
      const { secret } = await enableAuthenticator(await signIn(email));
      const form = (path: string, handler: (r: Request) => Promise<Response>, cookie: string, fields: Record<string, string>) =>
        handler(
          new Request(`${ORIGIN}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, [CLIENT_IP_HEADER]: ip },
            body: new URLSearchParams(fields),
          }),
        );
      const sent = newestMailId();
      expect((await call('POST', '/email-otp/send-verification-otp', '', { email, type: 'sign-in' })).status).toBe(200);
      const otp = await codeSentAfter(email, sent);
      const verified = await form('/login/verify', submitVerifyForm, '', { email, code: otp, redirect: '/app/books' });
      expect(verified.status).toBe(303);
      expect(verified.headers.get('location')).toBe('/login/two-factor?redirect=%2Fapp%2Fbooks');
      const pending = withCookies('', verified);
      expect(pending).toContain('better-auth.two_factor=');

      const wrong = await form('/login/two-factor', submitTwoFactorForm, pending, { intent: 'app', code: '12345', redirect: '/app/books' });
      expect([wrong.status, wrong.headers.get('location')]).toEqual([303, '/login/two-factor?redirect=%2Fapp%2Fbooks']);
      expect(wrong.headers.getSetCookie().join()).toContain('sb-form=');
      const done = await form('/login/two-factor', submitTwoFactorForm, pending, {
        intent: 'app',
        code: totpCode(secret, 1),
        trustDevice: 'on',
        redirect: '/app/books',
      });
      expect([done.status, done.headers.get('location')]).toEqual([303, '/app/books']);
      // The box "Trust this browser for 30 days" posts with the form.
      expect(done.headers.getSetCookie().join()).toMatch(/better-auth\.trust_device=[^;]+;.*Max-Age=2592000/i);
      expect((await sessionOf(withCookies(pending, done)))?.user?.id).toBe(await userIdOf(email));

      const another = await signIn(email);
      const cancelled = await form('/login/two-factor', submitTwoFactorForm, another, { intent: 'cancel' });
      expect([cancelled.status, cancelled.headers.get('location')]).toEqual([303, '/login']);
      expect(withCookies(another, cancelled)).not.toContain('two_factor');
    });

    it('trusts a browser for 30 days: its next sign-in skips the step, until revoked or the factor is turned off', async () => {
      const email = address('trusty');
      const { secret } = await enableAuthenticator(await signIn(email));
      const id = await userIdOf(email);
      const trustOf = (cookie: string) => cookie.split('; ').find((pair) => pair.startsWith('better-auth.trust_device='));

      const pending = await signIn(email);
      const done = await call('POST', '/two-factor/verify-totp', pending, { code: totpCode(secret, 1), trustDevice: true });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const session = withCookies(pending, done);
      let trust = trustOf(session);
      expect(trust).toBeDefined();

      // The same browser: the e-mail code alone signs in (the plugin renews its trust); another browser is asked.
      const trusted = await signIn(email, trust);
      expect(trusted).toContain('better-auth.session_token=');
      expect(trusted).not.toContain('better-auth.two_factor=');
      expect((await sessionOf(trusted))?.user?.id).toBe(id);
      trust = trustOf(trusted) ?? trust;
      await expectNoSession(await signIn(email));
      const signIns = (await events(id)).filter((e) => e.action === 'auth.second-factor-asked' || e.action === 'auth.sign-in');
      expect(signIns.slice(-4)).toEqual([
        { action: 'auth.second-factor-asked', actor_id: id, details: { method: 'email-otp' } },
        { action: 'auth.sign-in', actor_id: id, details: { method: 'totp', trustedDevice: true } },
        { action: 'auth.sign-in', actor_id: id, details: { method: 'email-otp' } },
        { action: 'auth.second-factor-asked', actor_id: id, details: { method: 'email-otp' } },
      ]);

      // The account page lists it, this browser marked, trusted 30 days from its last sign-in.
      const listed = await api<{ id: string; trustedUntil: string; current: boolean }[]>('GET', '/account/trusted-devices', {
        cookie: `${trusted}; ${trust}`,
      });
      expect(listed.status).toBe(200);
      expect(listed.body).toHaveLength(1);
      expect(listed.body[0]!.current).toBe(true);
      const days = (new Date(listed.body[0]!.trustedUntil).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);

      // Nobody else's to revoke: 404, and it holds. (From a second address: one asks for 5 codes in 10 minutes.)
      ip = `198.51.100.${(client++ % 200) + 10}`;
      const other = await signIn(address('mallory'));
      const refused = await api('DELETE', `/account/trusted-devices/${listed.body[0]!.id}`, { cookie: other });
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ code: 'NOT_FOUND', message: 'This browser is not trusted (any more)' });
      expect((await api<unknown[]>('GET', '/account/trusted-devices', { cookie: trusted })).body).toHaveLength(1);

      const revoked = await api('DELETE', `/account/trusted-devices/${listed.body[0]!.id}`, { cookie: trusted });
      expect(revoked.status).toBe(200);
      await expectNoSession(await signIn(email, trust));
      expect((await events(id)).map((e) => e.action)).toContain('two-factor.device-revoked');

      // Trusted again, then the factor turned off: no browser stays trusted, so turning it on again asks everywhere.
      const db = await database();
      // As a later 30-second step would: the code of step +1 was spent above.
      await db.execute(sql`update two_factor set last_used_step = null where user_id = ${id}`);
      const again = await signIn(email);
      const regained = await call('POST', '/two-factor/verify-totp', again, { code: totpCode(secret, 1), trustDevice: true });
      expect(regained.status).toBe(200);
      const fresh = withCookies(again, regained);
      expect((await api<unknown[]>('GET', '/account/trusted-devices', { cookie: fresh })).body).toHaveLength(1);
      // Turned off from a browser that holds the session and not that trust (the plugin forgets the asking browser's own).
      const elsewhere = fresh
        .split('; ')
        .filter((pair) => !pair.startsWith('better-auth.trust_device='))
        .join('; ');
      expect((await call('POST', '/two-factor/disable', elsewhere, {})).status).toBe(200);
      const left = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from verification where value = ${id} and identifier like 'trust-device-%'`,
      );
      expect(left[0]!.n).toBe(0);
    });

    it('is reset by an administrator for one who lost it: audited, told by e-mail, the e-mail code alone then signs in', async () => {
      const email = address('lost');
      const { secret } = await enableAuthenticator(await signIn(email));
      const id = await userIdOf(email);
      const admin = await signIn('admin@example.com');
      const adminId = await userIdOf('admin@example.com');

      // Not a plain user's to do, nor an administrator's on themselves.
      const plain = await api('POST', `/users/${id}/two-factor/reset`, { cookie: await signIn(address('plain')) });
      expect(plain.status).toBe(403);
      const self = await api('POST', `/users/${adminId}/two-factor/reset`, { cookie: admin });
      expect(self.status).toBe(403);
      expect(self.body).toMatchObject({ message: 'Turn your own two-factor authentication off from your account page' });
      expect((await api('POST', '/users/no-such-user/two-factor/reset', { cookie: admin })).status).toBe(404);

      const before = newestMailId();
      const reset = await api('POST', `/users/${id}/two-factor/reset`, { cookie: admin, language: 'fr' });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      const again = await api('POST', `/users/${id}/two-factor/reset`, { cookie: admin });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'CONFLICT', message: 'Two-factor authentication is not on for this user' });

      // Told, in the language of the administrator who did it (the person's own is not known).
      const mail = await vi.waitFor(
        () => {
          const found = mailboxMessages().find((m) => m.to === email && m.id > before);
          if (!found) throw new Error(`no e-mail to ${email}`);
          return found;
        },
        { timeout: 10_000, interval: 20 },
      );
      expect(mail.subject).toBe('Votre double authentification a été désactivée');
      expect(mail.text).toContain('Un administrateur a désactivé la double authentification');

      const db = await database();
      expect(await queryRows(db, sql`select id from two_factor where user_id = ${id}`)).toEqual([]);
      const next = await signIn(email);
      expect(next).not.toContain('better-auth.two_factor=');
      expect((await sessionOf(next))?.user).toMatchObject({ id, twoFactorEnabled: false });
      // The old secret's codes are dead with it: setting up again makes a new one.
      expect((await call('POST', '/two-factor/verify-totp', next, { code: totpCode(secret, 1) })).status).not.toBe(200);
      const [event] = await queryRows<{ actor_id: string }>(
        db,
        sql`select actor_id from audit_event where target_id = ${id} and action = 'two-factor.reset'`,
      );
      expect(event).toEqual({ actor_id: adminId });
    });

    it('turns off with a session, which then signs in with the e-mail code alone; audited', async () => {
      const email = address('noor');
      const { cookie } = await enableAuthenticator(await signIn(email));
      const id = await userIdOf(email);
      // A sensitive action: a session signed in more than ten minutes ago confirms it is them first.
      const db = await database();
      await db.execute(sql`update session set created_at = now() - interval '11 minutes' where user_id = ${id}`);
      const stale = await call('POST', '/two-factor/disable', cookie, {});
      expect(stale.status).toBe(403);
      expect(stale.body).toMatchObject({ code: 'SESSION_EXPIRED' });
      expect((await call('POST', '/two-factor/generate-backup-codes', cookie, {})).status).toBe(403);
      await db.execute(sql`update session set created_at = now() where user_id = ${id}`);
      const off = await call('POST', '/two-factor/disable', cookie, {});
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      // Turning off what is off is refused, and leaves the session as it was (the plugin would replace it).
      const after = withCookies(cookie, off);
      const again = await call('POST', '/two-factor/disable', after, {});
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ code: 'TWO_FACTOR_NOT_ENABLED' });
      expect(again.headers.getSetCookie().join()).not.toContain('session_token');
      expect((await sessionOf(after))?.user?.id).toBe(id);
      const next = await signIn(email);
      expect((await sessionOf(next))?.user).toMatchObject({ id, twoFactorEnabled: false });
      const admin = await signIn('admin@example.com');
      expect((await api('GET', `/users/${id}`, { cookie: admin })).body).toMatchObject({ id, twoFactorEnabled: false });
      expect((await events(id)).filter((e) => e.action.startsWith('two-factor.')).map((e) => e.action)).toEqual([
        'two-factor.enabled',
        'two-factor.disabled',
      ]);
    });
  });
}

/** With AUTH_TWO_FACTOR=admins (set by the test file before anything reads the environment). */
export function twoFactorPolicySuite() {
  describe('AUTH_TWO_FACTOR=admins', () => {
    beforeAll(async () => {
      await signIn(address('warm-up'));
    }, 180_000);

    it('answers an administrator without a second factor on their own account only, until they set one up', async () => {
      const db = await database();
      const email = address('boss');
      const cookie = await signIn(email);
      const id = await userIdOf(email);
      await db.execute(sql`update "user" set role = 'admin' where id = ${id}`);

      const refused = await api('GET', '/dashboard', { cookie });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'TWO_FACTOR_SETUP_REQUIRED',
        message: 'Set up two-factor authentication on your account page first',
      });
      const french = await api('GET', '/users', { cookie, language: 'fr' });
      expect(french.body).toMatchObject({ code: 'TWO_FACTOR_SETUP_REQUIRED', message: expect.stringContaining('deux facteurs') });
      // What the account page needs to set it up still answers.
      expect((await api('GET', '/account/passkeys', { cookie })).status).toBe(200);
      expect((await api('GET', '/account/sign-in-methods', { cookie })).status).toBe(200);

      // The names of their organisations (the app's frame) answer; no organisation's page or rows do, though they own it.
      const slug = `held-${id.slice(0, 8).toLowerCase()}`;
      await db.execute(sql`insert into organization (id, name, slug) values (${`org-${id}`}, 'Held', ${slug})`);
      await db.execute(
        sql`insert into member (id, organization_id, user_id, role) values (${`member-${id}`}, ${`org-${id}`}, ${id}, 'owner')`,
      );
      expect((await api('GET', '/organizations', { cookie })).status).toBe(200);
      for (const path of [`/organizations/${slug}`, `/organizations/${slug}/webhooks`]) {
        const held = await api('GET', path, { cookie });
        expect(held.status, path).toBe(403);
        expect(held.body, path).toMatchObject({ code: 'TWO_FACTOR_SETUP_REQUIRED' });
      }

      // Nor through the auth API: the administrator's endpoints and an organisation's own, translated.
      const readerEmail = address('reader');
      const reader = await signIn(readerEmail);
      const readerId = await userIdOf(readerEmail);
      for (const [method, path, body] of [
        ['GET', '/admin/list-users', { limit: 3 }],
        ['POST', '/admin/set-role', { userId: readerId, role: 'admin' }],
        ['POST', '/admin/impersonate-user', { userId: readerId }],
        ['POST', '/organization/invite-member', { organizationId: `org-${id}`, email: address('guest'), role: 'member' }],
        ['POST', '/organization/update', { organizationId: `org-${id}`, data: { name: 'Renamed' } }],
      ] as const) {
        const held = await call(method, path, cookie, body);
        expect([path, held.status, held.body]).toEqual([path, 403, expect.objectContaining({ code: 'TWO_FACTOR_SETUP_REQUIRED' })]);
      }
      const frenchAuth = await authApi('GET', '/admin/list-users', { cookie: `${cookie}; i18next=fr`, body: { limit: 3 } });
      expect(frenchAuth.body).toMatchObject({ code: 'TWO_FACTOR_SETUP_REQUIRED', message: expect.stringContaining('deux facteurs') });
      const [unchanged] = await queryRows<{ role: string; name: string }>(
        db,
        sql`select (select role from "user" where id = ${readerId}) as role, (select name from organization where id = ${`org-${id}`}) as name`,
      );
      expect(unchanged).toEqual({ role: 'user', name: 'Held' });
      // What they may still do: make an organisation of their own.
      const own = await call('POST', '/organization/create', cookie, { name: 'Mine', slug: `mine-${id.slice(0, 8).toLowerCase()}` });
      expect(own.status, JSON.stringify(own.body)).toBe(200);

      // A person who is not an administrator is not held to it: a member opens the page the administrator could not.
      await db.execute(
        sql`insert into member (id, organization_id, user_id, role) values (${`member-${readerId}`}, ${`org-${id}`}, ${readerId}, 'member')`,
      );
      expect((await api('GET', `/organizations/${slug}`, { cookie: reader })).status).toBe(200);

      const { cookie: after } = await enableAuthenticator(cookie);
      expect((await api('GET', '/dashboard', { cookie: after })).status).toBe(200);
      expect((await api('GET', `/organizations/${slug}`, { cookie: after })).status).toBe(200);
      expect((await call('GET', '/admin/list-users', after, { limit: 3 })).status).toBe(200);
      expect((await api('GET', `/organizations/${slug}/webhooks`, { cookie: after })).status).toBe(200);
    });
  });
}
