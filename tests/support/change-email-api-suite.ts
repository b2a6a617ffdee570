// A change of email through the real auth API (docs/decisions/065-change-of-email.md): codes from the
// development mailbox, rows read from the table.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '#/server/db/client.ts';
import { database } from '#/server/db/index.ts';
import { mailboxMessages, type MailboxMessage } from '#/server/email/dev-mailbox.ts';
import { CLIENT_IP_HEADER } from '#/server/http/pipeline.ts';
import { authApi, codeSentAfter, newestMailId, signIn } from './api.ts';
import { wrongCodes } from './login-codes.ts';
import { identity } from '#/lib/identity.ts';

const REQUEST = '/email-otp/request-email-change';
const CHANGE = '/email-otp/change-email';

/** A fresh address; with `prefix`, a person's own. */
const address = (prefix: string) => `${prefix}.${randomBytes(4).toString('hex')}@example.org`;

/** Every test from its own client address: its own rate-limit and quota counters. */
let client = 0;
let ip = '';
beforeEach(() => {
  ip = `198.51.100.${(client++ % 200) + 10}`;
});

const post = (path: string, cookie: string, body: Record<string, unknown>) =>
  authApi('POST', path, { cookie, body, headers: { [CLIENT_IP_HEADER]: ip } });

async function userRow(email: string) {
  const rows = await queryRows<{ id: string; email: string; email_verified: boolean }>(
    await database(),
    sql`select id, email, email_verified from "user" where email = ${email}`,
  );
  return rows[0];
}

const mailsTo = (email: string, after: number) => mailboxMessages().filter((m) => m.to === email && m.id > after);

/** The notices leave after the answer. */
const mailTo = (email: string, after: number): Promise<MailboxMessage> =>
  vi.waitFor(
    () => {
      const mail = mailsTo(email, after)[0];
      if (!mail) throw new Error(`no e-mail to ${email}`);
      return mail;
    },
    { timeout: 10_000, interval: 20 },
  );

const hasCode = (text: string) => /^\s*\d{6}\s*$/m.test(text);

export function changeEmailSuite() {
  describe('change of email', () => {
    it('sends a code to the new address; the code changes the address, verified; the old address is told', async () => {
      const old = address('ada');
      const cookie = await signIn(old);
      const before = await userRow(old);
      const next = address('ada.new');
      const mark = newestMailId();

      const requested = await post(REQUEST, cookie, { newEmail: next });
      expect([requested.status, requested.body]).toEqual([200, { success: true }]);
      const code = await codeSentAfter(next, mark);
      expect(mailsTo(next, mark)[0]!.subject).toBe('Confirm your new email address');
      expect(mailsTo(next, mark)[0]!.text).toContain('This code expires in 5 minutes.');
      // Nothing changed yet, and the old address got nothing.
      expect(await userRow(old)).toEqual(before);
      expect(mailsTo(old, mark)).toEqual([]);

      const changed = await post(CHANGE, cookie, { newEmail: next, otp: code });
      expect([changed.status, changed.body]).toEqual([200, { success: true }]);
      expect(await userRow(next)).toEqual({ id: before!.id, email: next, email_verified: true });
      expect(await userRow(old)).toBeUndefined();
      // The same session, now with the new address.
      const session = await authApi<{ user: { email: string; emailVerified: boolean } }>('GET', '/get-session', { cookie });
      expect(session.body.user).toMatchObject({ email: next, emailVerified: true });

      const notice = await mailTo(old, mark);
      expect(notice.subject).toBe(`The email address of your ${identity.name} account was changed`);
      expect(notice.text).toMatch(/On \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}:\d{2}\s[AP]M UTC, the email address of your /);
      expect(notice.text).toContain(`UTC, the email address of your ${identity.name} account`);
      expect(notice.text).toContain(`${old} no longer signs in to it.`);
      expect(notice.text).toContain(`If you did not make this change, contact an administrator of ${identity.name} at once`);
      expect(hasCode(notice.text)).toBe(false);

      const events = await queryRows<{ actor_id: string; target_id: string; target_label: string; changes: unknown }>(
        await database(),
        sql`select actor_id, target_id, target_label, changes from audit_event
            where action = 'user.email_changed' and target_id = ${before!.id}`,
      );
      expect(events).toEqual([
        { actor_id: before!.id, target_id: before!.id, target_label: next, changes: { email: { before: old, after: next } } },
      ]);

      // The new address signs in to the same account.
      const again = await signIn(next);
      const signedIn = await authApi<{ user: { id: string } }>('GET', '/get-session', { cookie: again });
      expect(signedIn.body.user.id).toBe(before!.id);
    });

    it('writes the code e-mail and the notice in the caller’s language', async () => {
      const old = address('emile');
      const cookie = `${await signIn(old)}; i18next=fr`;
      const next = address('emile.new');
      const mark = newestMailId();
      expect((await post(REQUEST, cookie, { newEmail: next })).status).toBe(200);
      const code = await codeSentAfter(next, mark);
      expect(mailsTo(next, mark)[0]!.subject).toBe('Confirmez votre nouvelle adresse e-mail');
      expect((await post(CHANGE, cookie, { newEmail: next, otp: code })).status).toBe(200);
      const notice = await mailTo(old, mark);
      expect(notice.subject).toBe(`L'adresse e-mail de votre compte ${identity.name} a été modifiée`);
      expect(notice.text).toContain('UTC');
    });

    it('an address with an account: the same answer as a free one, no code, a notice to its owner, and it is never taken', async () => {
      const owner = address('grace');
      await signIn(owner);
      const caller = address('alan');
      const cookie = await signIn(caller);
      const mark = newestMailId();

      const free = await post(REQUEST, cookie, { newEmail: address('alan.free') });
      const taken = await post(REQUEST, cookie, { newEmail: owner });
      expect([taken.status, taken.body]).toEqual([200, { success: true }]);
      expect([free.status, free.body]).toEqual([200, { success: true }]);

      const notice = await mailTo(owner, mark);
      expect(notice.subject).toBe(`Someone tried to use your email address on ${identity.name}`);
      expect(notice.text).toContain(`asked to make ${owner} the email address of their account. It is already yours`);
      expect(hasCode(notice.text)).toBe(false);
      // A code would have left with the notice.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailsTo(owner, mark)).toHaveLength(1);

      // Guesses are answered as for a free address: three wrong codes, then too many attempts.
      const answers = [];
      for (const guess of [...wrongCodes(3, []), '000000']) {
        const res = await post(CHANGE, cookie, { newEmail: owner, otp: guess });
        answers.push([res.status, (res.body as { code?: string }).code]);
      }
      expect(answers).toEqual([
        [400, 'INVALID_OTP'],
        [400, 'INVALID_OTP'],
        [400, 'INVALID_OTP'],
        [403, 'TOO_MANY_ATTEMPTS'],
      ]);
      expect(await userRow(caller)).toMatchObject({ email: caller });
      expect(await userRow(owner)).toMatchObject({ email: owner });
    });

    it('three wrong codes use the code up: the right one is then refused', async () => {
      const old = address('mary');
      const cookie = await signIn(old);
      const next = address('mary.new');
      const mark = newestMailId();
      expect((await post(REQUEST, cookie, { newEmail: next })).status).toBe(200);
      const code = await codeSentAfter(next, mark);
      const answers = [];
      for (const guess of [...wrongCodes(3, [code]), code]) {
        const res = await post(CHANGE, cookie, { newEmail: next, otp: guess });
        answers.push([res.status, (res.body as { code?: string }).code]);
      }
      expect(answers).toEqual([
        [400, 'INVALID_OTP'],
        [400, 'INVALID_OTP'],
        [400, 'INVALID_OTP'],
        [403, 'TOO_MANY_ATTEMPTS'],
      ]);
      expect(await userRow(old)).toMatchObject({ email: old });
      expect(await userRow(next)).toBeUndefined();
      expect(mailsTo(old, mark)).toEqual([]);
    });

    it('refuses its own address, a bad one and a signed-out caller, each with a code', async () => {
      const old = address('rosalind');
      const cookie = await signIn(old);
      const same = await post(REQUEST, cookie, { newEmail: old.toUpperCase() });
      expect([same.status, same.body]).toEqual([400, { code: 'EMAIL_IS_THE_SAME', message: 'Email is the same' }]);
      const invalid = await post(REQUEST, cookie, { newEmail: 'not-an-address' });
      expect([invalid.status, (invalid.body as { code?: string }).code]).toEqual([400, 'INVALID_EMAIL']);
      const control = await post(REQUEST, cookie, { newEmail: 'a\u0000@example.org' });
      expect([control.status, control.body]).toEqual([
        400,
        { code: 'INPUT_VALIDATION_FAILED', message: 'Invalid input', fields: { newEmail: 'Must not contain control characters' } },
      ]);
      const signedOut = await post(REQUEST, '', { newEmail: address('nobody') });
      expect([signedOut.status, (signedOut.body as { code?: string }).code]).toEqual([401, 'UNAUTHORIZED']);
      const noCode = await post(CHANGE, '', { newEmail: address('nobody'), otp: '123456' });
      expect(noCode.status).toBe(401);
    });

    it('G4: refuses the code request and the change to an administrator acting as the person, sends nothing and changes nothing', async () => {
      const own = address('grace');
      await signIn(own);
      const victim = await userRow(own);
      const admin = await signIn('admin@example.com');
      const started = await post('/admin/impersonate-user', admin, { userId: victim!.id });
      expect(started.status).toBe(200);
      // The impersonation's session cookie in place of the administrator's.
      const jar = new Map(admin.split('; ').map((pair) => [pair.split('=')[0]!, pair]));
      for (const set of started.headers.getSetCookie()) jar.set(set.split('=')[0]!, set.split(';')[0]!);
      const acting = [...jar.values()].join('; ');
      expect((await authApi<{ user: { email: string } }>('GET', '/get-session', { cookie: acting })).body.user.email).toBe(own);

      const next = address('grace.admin');
      const mark = newestMailId();
      const refusal = {
        code: 'YOU_CANNOT_CHANGE_EMAIL_WHILE_IMPERSONATING',
        message: 'An administrator acting as someone cannot change their e-mail address',
      };
      const requested = await post(REQUEST, acting, { newEmail: next });
      expect([requested.status, requested.body]).toEqual([403, refusal]);
      const changed = await post(CHANGE, acting, { newEmail: next, otp: '123456' });
      expect([changed.status, changed.body]).toEqual([403, refusal]);
      // In the acting administrator's language too.
      const french = await authApi('POST', REQUEST, {
        cookie: `${acting}; i18next=fr`,
        body: { newEmail: next },
        headers: { [CLIENT_IP_HEADER]: ip },
      });
      expect(french.body).toMatchObject({ code: refusal.code, message: expect.stringContaining('adresse e-mail') });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailsTo(next, mark)).toEqual([]);
      expect(mailsTo(own, mark)).toEqual([]);
      expect(await userRow(own)).toEqual(victim);
    });

    it('N4: refuses deleting the account to an administrator acting as the person; the account stays', async () => {
      const own = address('ada');
      await signIn(own);
      const victim = await userRow(own);
      const admin = await signIn('admin@example.com');
      const started = await post('/admin/impersonate-user', admin, { userId: victim!.id });
      expect(started.status).toBe(200);
      const jar = new Map(admin.split('; ').map((pair) => [pair.split('=')[0]!, pair]));
      for (const set of started.headers.getSetCookie()) jar.set(set.split('=')[0]!, set.split(';')[0]!);
      const acting = [...jar.values()].join('; ');
      const deleted = await post('/delete-user', acting, {});
      expect([deleted.status, deleted.body]).toEqual([
        403,
        {
          code: 'YOU_CANNOT_DELETE_THE_ACCOUNT_WHILE_IMPERSONATING',
          message: 'An administrator acting as someone cannot delete their account',
        },
      ]);
      expect(await userRow(own)).toEqual(victim);
      // The person themself still may.
      const theirs = await signIn(own);
      expect((await post('/delete-user', theirs, {})).status).toBe(200);
      expect(await userRow(own)).toBeUndefined();
    });

    it('counts codes per address as sign-in does: five from one client in ten minutes, then 429', async () => {
      const cookie = await signIn(address('hedy'));
      const next = address('hedy.new');
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await post(REQUEST, cookie, { newEmail: next })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });
}

export function changeEmailDemoSuite() {
  describe('change of email in demo mode', () => {
    it('refuses the code request and the change with DEMO_MODE, sends nothing and changes nothing', async () => {
      // A demo signs in its seeded accounts.
      const old = 'user@example.com';
      const cookie = await signIn(old);
      const next = address('katherine.new');
      const mark = newestMailId();
      const refusal = { code: 'DEMO_MODE', message: 'This is a read-only demo, this action is disabled.' };
      const requested = await post(REQUEST, cookie, { newEmail: next });
      expect([requested.status, requested.body]).toEqual([403, refusal]);
      const changed = await post(CHANGE, cookie, { newEmail: next, otp: '123456' });
      expect([changed.status, changed.body]).toEqual([403, refusal]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailsTo(next, mark)).toEqual([]);
      expect(mailsTo(old, mark)).toEqual([]);
      expect(await userRow(old)).toMatchObject({ email: old });
    });
  });
}
