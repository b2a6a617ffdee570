// Passkeys through the real auth API (docs/decisions/067-passkeys.md), with a software passkey
// (passkey-authenticator.ts): adding, signing in, renaming, deleting, and the rules around them.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { handleAccountExport } from '#/features/account/account-export.server.ts';
import { queryRows } from '#/server/db/client.ts';
import { database } from '#/server/db/index.ts';
import { CLIENT_IP_HEADER } from '#/server/http/pipeline.ts';
import { logger } from '#/server/logger.ts';
import { inRequestContext } from '#/server/request-context.ts';
import { openApiDocument } from '#/server/openapi.ts';
import { api, authApi, ORIGIN, signIn, type ApiResult } from './api.ts';
import { assertSoftPasskey, registerSoftPasskey, type SoftPasskey } from './passkey-authenticator.ts';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

const address = (prefix: string) => `${prefix}.${randomBytes(4).toString('hex')}@example.org`;

/** Every test from its own client address: its own rate-limit counters. */
let client = 0;
let ip = '';
beforeEach(() => {
  ip = `198.51.100.${(client++ % 200) + 10}`;
});

/** `name=value` pairs of the cookies an answer sets, added to (or replacing those of) `cookie`. */
function withCookies(cookie: string, res: ApiResult<unknown>) {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  for (const set of res.headers.getSetCookie()) {
    const pair = set.split(';')[0]!;
    jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

const call = <T = Record<string, unknown>>(method: string, path: string, cookie: string, body?: Record<string, unknown>, agent?: string) =>
  authApi<T>(method, path, { cookie, body, headers: { [CLIENT_IP_HEADER]: ip, ...(agent ? { 'user-agent': agent } : {}) } });

type Added = { id: string; name: string | null; userId: string };

/** Better Auth's two steps, as the passkey client makes them. */
async function addPasskey(cookie: string, options: { name?: string; agent?: string } = {}) {
  const challenge = await call<{ challenge: string; rp: { id: string }; user: { id: string } }>(
    'GET',
    '/passkey/generate-register-options',
    cookie,
    undefined,
    options.agent,
  );
  if (challenge.status !== 200) return { res: challenge as ApiResult<unknown>, passkey: undefined };
  const { passkey, response } = registerSoftPasskey(challenge.body, ORIGIN);
  const res = await call<Added>(
    'POST',
    '/passkey/verify-registration',
    withCookies(cookie, challenge),
    { response, ...(options.name === undefined ? {} : { name: options.name }) },
    options.agent,
  );
  return { res, passkey };
}

async function signInWithPasskey(passkey: SoftPasskey, agent?: string) {
  const challenge = await call<{ challenge: string; rpId: string }>('GET', '/passkey/generate-authenticate-options', '', undefined, agent);
  expect(challenge.status).toBe(200);
  const response = assertSoftPasskey(passkey, challenge.body, ORIGIN);
  const res = await call<{ code?: string; message?: string; user?: { id: string }; session?: Record<string, unknown> }>(
    'POST',
    '/passkey/verify-authentication',
    withCookies('', challenge),
    { response },
    agent,
  );
  return { res, cookie: withCookies('', res) };
}

async function userIdOf(email: string) {
  const [row] = await queryRows<{ id: string }>(await database(), sql`select id from "user" where email = ${email}`);
  return row!.id;
}

async function eventsOf(action: string, userId: string) {
  return queryRows<{ actor_id: string | null; target_id: string | null; changes: unknown; details: unknown }>(
    await database(),
    sql`select actor_id, target_id, changes, details from audit_event where action = ${action} and target_id = ${userId} order by id`,
  );
}

type Listed = { id: string; name: string | null; createdAt: string; lastUsedAt: string | null };

export function passkeysSuite() {
  describe('passkeys', () => {
    it('adds a passkey named after the device, lists it without its key, and records passkey.added', async () => {
      const email = address('ada');
      const cookie = await signIn(email);
      const userId = await userIdOf(email);

      const { res, passkey } = await addPasskey(cookie, { agent: CHROME_LINUX });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const added = res.body as Added;
      expect(added).toMatchObject({ name: 'Chrome on Linux', userId });

      // In the caller's language, and a name given is kept (trimmed).
      const french = await addPasskey(`${cookie}; i18next=fr`, { agent: CHROME_LINUX });
      expect((french.res.body as Added).name).toBe('Chrome sur Linux');
      const named = await addPasskey(cookie, { name: '  Work laptop  ', agent: CHROME_LINUX });
      expect((named.res.body as Added).name).toBe('Work laptop');

      const listed = await api<Listed[]>('GET', '/account/passkeys', { cookie });
      expect(listed.status).toBe(200);
      expect(listed.body.map((p) => p.name)).toEqual(['Chrome on Linux', 'Chrome sur Linux', 'Work laptop']);
      expect(Object.keys(listed.body[0]!).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name']);
      expect(listed.body[0]).toMatchObject({ id: added.id, lastUsedAt: null });
      expect(JSON.stringify(listed.body)).not.toContain(passkey!.credentialId);

      const events = await eventsOf('passkey.added', userId);
      expect(events[0]).toEqual({
        actor_id: userId,
        target_id: userId,
        changes: null,
        details: { passkeyId: added.id, name: 'Chrome on Linux' },
      });
      expect(events).toHaveLength(3);
    });

    it('signs in with it: a session like any other, audited as a sign-in, and its last use recorded', async () => {
      const email = address('grace');
      const cookie = await signIn(email);
      const id = await userIdOf(email);
      const { passkey } = await addPasskey(cookie, { agent: CHROME_LINUX });

      const { res, cookie: session } = await signInWithPasskey(passkey!, FIREFOX_WINDOWS);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.user?.id).toBe(id);
      // No client needs a session's raw token (src/server/session-tokens.ts).
      expect(res.body.session).toBeDefined();
      expect('token' in res.body.session!).toBe(false);
      expect(session).toMatch(/better-auth\.session_token=/);

      const me = await authApi<{ user: { id: string } }>('GET', '/get-session', { cookie: session });
      expect(me.body.user.id).toBe(id);
      const sessions = await api<Array<{ current: boolean; device: string | null }>>('GET', '/account/sessions', { cookie: session });
      expect(sessions.body).toHaveLength(2);
      expect(sessions.body.find((s) => s.current)?.device).toBe('Firefox 128 · Windows');

      const signIns = await eventsOf('auth.sign-in', id);
      expect(signIns.at(-1)).toMatchObject({ actor_id: id, details: { method: 'passkey' } });
      const [listed] = (await api<Listed[]>('GET', '/account/passkeys', { cookie })).body;
      expect(Date.now() - Date.parse(listed!.lastUsedAt!)).toBeLessThan(60_000);
    });

    it('renames it (recorded with before and after); refuses a blank, multi-line or long name, and another person’s passkey', async () => {
      const email = address('mary');
      const cookie = await signIn(email);
      const id = await userIdOf(email);
      const added = (await addPasskey(cookie, { agent: CHROME_LINUX })).res.body as Added;

      const renamed = await call<{ passkey: { name: string } }>('POST', '/passkey/update-passkey', cookie, { id: added.id, name: 'Phone' });
      expect([renamed.status, renamed.body.passkey?.name]).toEqual([200, 'Phone']);
      expect((await eventsOf('passkey.renamed', id)).at(-1)).toMatchObject({
        actor_id: id,
        changes: { name: { before: 'Chrome on Linux', after: 'Phone' } },
        details: { passkeyId: added.id },
      });

      for (const [name, message] of [
        ['   ', 'Name is required'],
        ['Two\nlines', 'Invalid value'],
        ['x'.repeat(65), 'Must contain at most 64 characters'],
      ] as const) {
        const refused = await call('POST', '/passkey/update-passkey', cookie, { id: added.id, name });
        expect([refused.status, refused.body], JSON.stringify(name)).toEqual([
          400,
          { code: 'INPUT_VALIDATION_FAILED', message: 'Invalid input', fields: { name: message } },
        ]);
      }

      const other = await signIn(address('alan'));
      expect((await call('POST', '/passkey/update-passkey', other, { id: added.id, name: 'Mine now' })).status).toBe(401);
      expect((await call('POST', '/passkey/delete-passkey', other, { id: added.id })).status).toBe(401);
      const [listed] = (await api<Listed[]>('GET', '/account/passkeys', { cookie })).body;
      expect(listed).toMatchObject({ id: added.id, name: 'Phone' });
    });

    it('deletes it (recorded with its name); the deleted passkey no longer signs in', async () => {
      const email = address('hedy');
      const cookie = await signIn(email);
      const id = await userIdOf(email);
      const { res, passkey } = await addPasskey(cookie, { agent: CHROME_LINUX });
      const added = res.body as Added;

      const deleted = await call('POST', '/passkey/delete-passkey', cookie, { id: added.id });
      expect([deleted.status, deleted.body]).toEqual([200, { status: true }]);
      expect(await eventsOf('passkey.deleted', id)).toEqual([
        { actor_id: id, target_id: id, changes: null, details: { passkeyId: added.id, name: 'Chrome on Linux' } },
      ]);
      expect((await api<Listed[]>('GET', '/account/passkeys', { cookie })).body).toEqual([]);

      const again = await signInWithPasskey(passkey!);
      expect([again.res.status, again.res.body.code]).toEqual([401, 'PASSKEY_NOT_FOUND']);
      expect(again.cookie).not.toMatch(/session_token=[^;]/);
    });

    it('refuses a banned person’s passkey as it refuses their code: 403 BANNED_USER, no session, auth.sign-in-refused', async () => {
      const email = address('banned');
      const cookie = await signIn(email);
      const id = await userIdOf(email);
      const { passkey } = await addPasskey(cookie, { agent: CHROME_LINUX });
      const admin = await signIn('admin@example.com');
      expect((await authApi('POST', '/admin/ban-user', { cookie: admin, body: { userId: id, banReason: 'passkeys' } })).status).toBe(200);

      const { res, cookie: session } = await signInWithPasskey(passkey!);
      expect([res.status, res.body.code, res.body.message]).toEqual([403, 'BANNED_USER', 'You have been banned from this application']);
      expect(session).not.toMatch(/session_token=[^;]/);
      const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
        await database(),
        sql`select count(*)::int as n from session where user_id = ${id}`,
      );
      expect(n).toBe(0);
      expect((await eventsOf('auth.sign-in-refused', id)).at(-1)).toMatchObject({ details: { method: 'passkey', reason: 'banned' } });
      expect(await queryRows(await database(), sql`select last_used_at from passkey where user_id = ${id}`)).toEqual([
        { last_used_at: null },
      ]);
    });

    it('refuses a passkey to an administrator acting as someone, and to no one signed in', async () => {
      const email = address('katherine');
      await signIn(email);
      const id = await userIdOf(email);
      const admin = await signIn('admin@example.com');
      const started = await call('POST', '/admin/impersonate-user', admin, { userId: id });
      expect(started.status).toBe(200);
      const asUser = withCookies(admin, started);

      const refused = await addPasskey(asUser, { agent: CHROME_LINUX });
      expect([refused.res.status, refused.res.body]).toEqual([
        403,
        {
          code: 'YOU_CANNOT_ADD_A_PASSKEY_WHILE_IMPERSONATING',
          message: 'An administrator acting as someone cannot add a passkey to their account',
        },
      ]);
      // Nor delete one of theirs, nor try their recovery codes.
      const removed = await call('POST', '/passkey/delete-passkey', asUser, { id: 'any' });
      expect([removed.status, removed.body]).toEqual([
        403,
        {
          code: 'YOU_CANNOT_DELETE_A_PASSKEY_WHILE_IMPERSONATING',
          message: 'An administrator acting as someone cannot delete their passkeys',
        },
      ]);
      const recovery = await call('POST', '/two-factor/verify-backup-code', asUser, { code: 'abcde-fghij' });
      expect([recovery.status, (recovery.body as { code?: string }).code]).toEqual([
        403,
        'YOU_CANNOT_CHANGE_TWO_FACTOR_WHILE_IMPERSONATING',
      ]);
      expect((await addPasskey('', { agent: CHROME_LINUX })).res.status).toBe(401);
      // A sign-in's answer without the challenge it answers.
      const stray = await call('POST', '/passkey/verify-authentication', '', { response: { id: 'x', response: {} } });
      expect([stray.status, stray.body.code]).toEqual([400, 'CHALLENGE_NOT_FOUND']);
    });

    it('N3: a malformed answer to the passkey challenge is 400 with a fixed code, logged below error', async () => {
      const cookie = await signIn(address('margaret'));
      const refusal = { code: 'FAILED_TO_VERIFY_REGISTRATION', message: 'The passkey could not be added. Try again.' };
      const errors = vi.spyOn(logger(), 'error');
      try {
        const forged = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'AAAA' } };
        // `{}` has no `response` at all: the plugin's own schema refuses it (400 VALIDATION_ERROR).
        expect((await call('POST', '/passkey/verify-registration', cookie, {})).status).toBe(400);
        for (const body of [{ response: {}, name: 'x' }, { response: '<script>' }, { response: forged }]) {
          const challenge = await call('GET', '/passkey/generate-register-options', cookie);
          expect(challenge.status).toBe(200);
          // As the server answers a request: Better Auth's lines held until the answer's status is known.
          const res = await inRequestContext(`n3-${randomBytes(4).toString('hex')}`, () =>
            call('POST', '/passkey/verify-registration', withCookies(cookie, challenge), body),
          );
          expect([res.status, res.body], JSON.stringify(body)).toEqual([400, refusal]);
        }
        expect(errors.mock.calls.map((args) => JSON.stringify(args).slice(0, 200))).toEqual([]);
      } finally {
        errors.mockRestore();
      }
    });

    it('documents the passkey endpoints that are on in /api/openapi; the plugin’s own list stays off', async () => {
      const doc = (await openApiDocument()) as unknown as { paths: Record<string, unknown> };
      for (const path of [
        '/api/auth/passkey/generate-register-options',
        '/api/auth/passkey/verify-registration',
        '/api/auth/passkey/generate-authenticate-options',
        '/api/auth/passkey/verify-authentication',
        '/api/auth/passkey/update-passkey',
        '/api/auth/passkey/delete-passkey',
        '/api/rpc/account/passkeys',
      ]) {
        expect(doc.paths[path], path).toBeDefined();
      }
      expect(doc.paths['/api/auth/passkey/list-user-passkeys']).toBeUndefined();
      const cookie = await signIn(address('list'));
      expect((await call('GET', '/passkey/list-user-passkeys', cookie)).status).toBe(404);
      expect((await api('GET', '/account/passkeys')).status).toBe(401);
    });

    it('lists passkeys in the data export by name and dates, never their key or credential id', async () => {
      const email = address('dana');
      const cookie = await signIn(email);
      const { passkey } = await addPasskey(cookie, { agent: CHROME_LINUX });
      const res = await handleAccountExport(new Request(`${ORIGIN}/api/account/export.json`, { headers: { cookie } }));
      const text = await res.text();
      const body = JSON.parse(text) as { passkeys: Array<Record<string, unknown>> };
      expect(body.passkeys).toEqual([{ name: 'Chrome on Linux', createdAt: expect.any(String), lastUsedAt: null }]);
      expect(text).not.toContain(passkey!.credentialId);
      expect(text).not.toContain(passkey!.publicKey);
    });
  });
}

/** Run with DEMO_MODE=true: a passkey's sign-in is a sign-in; adding, renaming and deleting one are writes. */
export function passkeysDemoSuite() {
  describe('passkeys in demo mode', () => {
    it('refuses adding, renaming and deleting with DEMO_MODE, before the browser is asked for anything', async () => {
      const cookie = await signIn('user@example.com');
      const refusal = { code: 'DEMO_MODE', message: 'This is a read-only demo, this action is disabled.' };
      const options = await call('GET', '/passkey/generate-register-options', cookie);
      expect([options.status, options.body]).toEqual([403, refusal]);
      for (const [path, body] of [
        ['/passkey/verify-registration', { response: {} }],
        ['/passkey/update-passkey', { id: 'some-id', name: 'Renamed' }],
        ['/passkey/delete-passkey', { id: 'some-id' }],
      ] as const) {
        const res = await call('POST', path, cookie, body);
        expect([res.status, res.body], path).toEqual([403, refusal]);
      }
    });

    it('signs in with a passkey like the code sign-in', async () => {
      const userId = await userIdOf('user@example.com');
      // Added before the demo (the API refuses it in one): straight into the table.
      const origin = new URL(ORIGIN);
      const { passkey } = registerSoftPasskey({ challenge: 'unused', rp: { id: origin.hostname }, user: { id: 'dXNlcg' } }, ORIGIN);
      await (
        await database()
      ).execute(sql`insert into passkey (id, name, public_key, user_id, credential_id, counter, device_type, backed_up, transports)
        values (${randomBytes(8).toString('hex')}, 'Demo key', ${passkey.publicKey}, ${userId}, ${passkey.credentialId}, 0, 'singleDevice', false, 'internal')`);

      const { res, cookie } = await signInWithPasskey(passkey, CHROME_LINUX);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.user?.id).toBe(userId);
      expect((await authApi<{ user: { id: string } }>('GET', '/get-session', { cookie })).body.user.id).toBe(userId);
    });
  });
}
