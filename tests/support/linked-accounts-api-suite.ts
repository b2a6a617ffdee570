// Linked sign-in methods through the real auth API and the e2e suite's OpenID Connect provider
// (docs/decisions/068-linked-sign-in-methods.md): the provider's login and consent are answered by
// hand, the callback goes through the app's handler, rows are read from the tables.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '#/server/db/client.ts';
import { database } from '#/server/db/index.ts';
import { handleAuthRequest } from '#/server/auth-handler.ts';
import { CLIENT_IP_HEADER } from '#/server/http/pipeline.ts';
import { startOidcProvider, type OidcProvider } from '../../e2e/support/oidc-provider.ts';
import { api, authApi, ORIGIN, signIn } from './api.ts';

const PROVIDER_NAME = 'Test Identity';
const ACCOUNT_PAGE = '/app/account';

let provider: OidcProvider | undefined;

/** Before anything reads the environment: GitHub (never called) and the tests' OpenID Connect provider. */
export async function startTestProviders() {
  provider = await startOidcProvider(ORIGIN);
  Object.assign(process.env, {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: PROVIDER_NAME,
    GITHUB_CLIENT_ID: 'gh-client',
    GITHUB_CLIENT_SECRET: 'gh-secret',
  });
}

afterAll(async () => {
  await provider?.close();
});

/** A fresh address; with `prefix`, a person's own. */
const address = (prefix: string) => `${prefix}.${randomBytes(4).toString('hex')}@example.org`;
const login = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

/** Every test from its own client address: its own rate-limit counters. */
let client = 0;
let ip = '';
/** Link and unlink allow three calls in ten seconds per client. */
const freshClient = () => {
  ip = `198.51.100.${(client++ % 200) + 10}`;
};
beforeEach(freshClient);

const post = (path: string, cookie: string, body: Record<string, unknown>) =>
  authApi('POST', path, { cookie, body, headers: { [CLIENT_IP_HEADER]: ip } });

const setCookies = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]!);
const merge = (cookie: string, added: string[]) => {
  const jar = new Map(cookie ? cookie.split('; ').map((c) => [c.split('=')[0]!, c] as const) : []);
  for (const c of added) jar.set(c.split('=')[0]!, c);
  return [...jar.values()].join('; ');
};

/** The devInteractions pages of oidc-provider, answered as a person would: log in as `login`, consent. */
async function atProvider(authorizationUrl: string, loginName: string): Promise<string> {
  let cookie = '';
  let url = authorizationUrl;
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(`${ORIGIN}/`)) return url;
    const page = await fetch(url, { redirect: 'manual', headers: { cookie } });
    cookie = merge(cookie, setCookies(page));
    const location = page.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await page.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!prompt) throw new Error(`unexpected provider page ${url}: ${page.status}`);
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login: loginName, password: 'anything' } : { prompt });
    const submitted = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    cookie = merge(cookie, setCookies(submitted));
    url = new URL(submitted.headers.get('location')!, url).toString();
  }
  throw new Error('the provider never sent the browser back');
}

/** Start at `path` (link-social or sign-in/social), go through the provider, come back through the callback. */
export async function throughProvider(path: string, cookie: string, loginName: string, body: Record<string, unknown>) {
  const started = await handleAuthRequest(
    new Request(`${ORIGIN}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie, [CLIENT_IP_HEADER]: ip },
      body: JSON.stringify(body),
    }),
  );
  if (started.status !== 200) throw new Error(`${path} ${started.status}: ${await started.text()}`);
  const { url } = (await started.json()) as { url: string };
  const callback = await atProvider(url, loginName);
  const back = await handleAuthRequest(
    new Request(callback, { headers: { cookie: merge(cookie, setCookies(started)), [CLIENT_IP_HEADER]: ip } }),
  );
  return { status: back.status, location: back.headers.get('location') ?? '', cookies: setCookies(back) };
}

export const link = (cookie: string, loginName: string) =>
  throughProvider('/link-social', cookie, loginName, { provider: 'oidc', callbackURL: ACCOUNT_PAGE, errorCallbackURL: ACCOUNT_PAGE });

interface Methods {
  email: string;
  emailVerified: boolean;
  providers: Array<{ id: string; name: string; linked: { accountId: string; linkedAt: string } | null; canUnlink: boolean }>;
}

const methods = async (cookie: string) => {
  const res = await api<Methods>('GET', '/account/sign-in-methods', { cookie });
  expect(res.status).toBe(200);
  return res.body;
};

const accountIdOf = async (cookie: string) => (await methods(cookie)).providers.find((p) => p.id === 'oidc')!.linked!.accountId;

async function userId(email: string) {
  const [row] = await queryRows<{ id: string }>(await database(), sql`select id from "user" where email = ${email}`);
  return row!.id;
}

async function identities(id: string) {
  return queryRows<{ provider_id: string; account_id: string }>(
    await database(),
    sql`select provider_id, account_id from account where user_id = ${id} order by created_at`,
  );
}

async function events(id: string) {
  return queryRows<{ action: string; actor_id: string; target_id: string; target_label: string; details: unknown }>(
    await database(),
    sql`select action, actor_id, target_id, target_label, details from audit_event
        where action in ('account.linked', 'account.unlinked') and target_id = ${id} order by id`,
  );
}

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/);
const LAST = { code: 'FAILED_TO_UNLINK_LAST_ACCOUNT', message: "You can't unlink your last account" };

export function linkedAccountsSuite() {
  describe('linked sign-in methods', () => {
    it('lists the email code and each configured provider; a link through the consent lists it, audited', async () => {
      const email = address('ada');
      const cookie = await signIn(email);
      const id = await userId(email);
      expect(await methods(cookie)).toEqual({
        email,
        emailVerified: true,
        providers: [
          { id: 'github', name: 'GitHub', linked: null, canUnlink: false },
          { id: 'oidc', name: PROVIDER_NAME, linked: null, canUnlink: false },
        ],
      });

      // The identity's address is the provider's (…@oidc.example), not the account's: it links all the same.
      const subject = login('ada');
      const linked = await link(cookie, subject);
      expect([linked.status, linked.location]).toEqual([302, ACCOUNT_PAGE]);
      expect(await identities(id)).toEqual([{ provider_id: 'oidc', account_id: subject }]);
      expect(await methods(cookie)).toEqual({
        email,
        emailVerified: true,
        providers: [
          { id: 'github', name: 'GitHub', linked: null, canUnlink: false },
          { id: 'oidc', name: PROVIDER_NAME, linked: { accountId: expect.any(String), linkedAt: ISO }, canUnlink: true },
        ],
      });
      expect(await events(id)).toEqual([
        { action: 'account.linked', actor_id: id, target_id: id, target_label: email, details: { provider: 'oidc' } },
      ]);

      // Signing in through the provider now reaches this account.
      const signedIn = await throughProvider('/sign-in/social', '', subject, { provider: 'oidc', callbackURL: '/app' });
      expect([signedIn.status, signedIn.location]).toEqual([302, '/app']);
      const session = await authApi<{ user: { id: string } }>('GET', '/get-session', { cookie: signedIn.cookies.join('; ') });
      expect(session.body.user.id).toBe(id);
    });

    it('unlinks a provider: listed as not linked, audited, and signing in through it makes another account', async () => {
      const email = address('grace');
      const cookie = await signIn(email);
      const id = await userId(email);
      const subject = login('grace');
      await link(cookie, subject);
      const accountId = await accountIdOf(cookie);

      const unlinked = await post('/unlink-account', cookie, { accountId });
      expect([unlinked.status, unlinked.body]).toEqual([200, { status: true }]);
      expect(await identities(id)).toEqual([]);
      expect((await methods(cookie)).providers[1]).toEqual({ id: 'oidc', name: PROVIDER_NAME, linked: null, canUnlink: false });
      expect((await events(id)).map((e) => [e.action, e.actor_id, e.details])).toEqual([
        ['account.linked', id, { provider: 'oidc' }],
        ['account.unlinked', id, { provider: 'oidc' }],
      ]);
      // Once: the row is gone.
      const again = await post('/unlink-account', cookie, { accountId });
      expect([again.status, again.body]).toEqual([400, { code: 'ACCOUNT_NOT_FOUND', message: 'Account not found' }]);

      const signedIn = await throughProvider('/sign-in/social', '', subject, { provider: 'oidc', callbackURL: '/app' });
      const session = await authApi<{ user: { id: string; email: string } }>('GET', '/get-session', {
        cookie: signedIn.cookies.join('; '),
      });
      expect(session.body.user).toMatchObject({ email: `${subject}@oidc.example` });
      expect(session.body.user.id).not.toBe(id);
      // A sign-up through a provider links nothing.
      expect(await events(session.body.user.id)).toEqual([]);
    });

    it("refuses to unlink the last way in with the spec's message: the only identity while the address is unverified", async () => {
      const email = address('alan');
      const cookie = await signIn(email);
      const id = await userId(email);
      await link(cookie, login('alan'));
      const accountId = await accountIdOf(cookie);
      // An administrator gives the account another address: unverified until a code to it is used.
      const admin = await signIn('admin@example.com');
      const changed = address('alan.work');
      const updated = await api('PUT', `/users/${id}`, { cookie: admin, body: { name: 'Alan', email: changed, role: 'user' } });
      expect(updated.status).toBe(200);
      const listed = await methods(cookie);
      expect([listed.emailVerified, listed.providers[1]!.canUnlink]).toEqual([false, false]);

      const refused = await post('/unlink-account', cookie, { accountId });
      expect([refused.status, refused.body]).toEqual([400, LAST]);
      expect(await identities(id)).toHaveLength(1);
      expect((await events(id)).map((e) => e.action)).toEqual(['account.linked']);
      // Translated for the caller.
      const inFrench = await post('/unlink-account', `${cookie}; i18next=fr`, { accountId });
      expect(inFrench.body).toEqual({
        code: 'FAILED_TO_UNLINK_LAST_ACCOUNT',
        message: 'Vous ne pouvez pas dissocier votre dernier compte',
      });

      // A second identity: either may go, not both.
      await queryRows(
        await database(),
        sql`insert into account (id, account_id, provider_id, user_id, created_at, updated_at)
            values (${crypto.randomUUID()}, ${login('gh')}, 'github', ${id}, now(), now())`,
      );
      expect((await methods(cookie)).providers.map((p) => p.canUnlink)).toEqual([true, true]);
      freshClient();
      expect((await post('/unlink-account', cookie, { accountId })).status).toBe(200);
      const github = (await methods(cookie)).providers[0]!;
      expect(github.canUnlink).toBe(false);
      expect((await post('/unlink-account', cookie, { accountId: github.linked!.accountId })).body).toEqual(LAST);

      // A code to the unverified address verifies it, and Better Auth then drops every identity and
      // session the account had before (its "unproven account access"): the mailbox's owner starts clean.
      const verified = await signIn(changed);
      expect(await identities(id)).toEqual([]);
      expect(await methods(verified)).toEqual({
        email: changed,
        emailVerified: true,
        providers: [
          { id: 'github', name: 'GitHub', linked: null, canUnlink: false },
          { id: 'oidc', name: PROVIDER_NAME, linked: null, canUnlink: false },
        ],
      });
      expect((await api('GET', '/account/sign-in-methods', { cookie })).status).toBe(401);
    });

    it('counts a passkey as a way in: with one, the only identity may go while the address is unverified', async () => {
      const email = address('barbara');
      const cookie = await signIn(email);
      const id = await userId(email);
      await link(cookie, login('barbara'));
      await queryRows(await database(), sql`update "user" set email_verified = false where id = ${id}`);
      expect((await methods(cookie)).providers[1]!.canUnlink).toBe(false);
      await queryRows(
        await database(),
        sql`insert into passkey (id, name, public_key, user_id, credential_id, counter, device_type, backed_up)
            values (${crypto.randomUUID()}, 'Laptop', 'key', ${id}, ${login('credential')}, 0, 'singleDevice', false)`,
      );
      expect((await methods(cookie)).providers[1]!.canUnlink).toBe(true);
      const unlinked = await post('/unlink-account', cookie, { accountId: await accountIdOf(cookie) });
      expect([unlinked.status, unlinked.body]).toEqual([200, { status: true }]);
    });

    it('refuses an identity linked to another account (SOCIAL_ACCOUNT_ALREADY_LINKED) back on the account page', async () => {
      const subject = login('hopper');
      const first = await signIn(address('hopper'));
      await link(first, subject);
      const email = address('other');
      const cookie = await signIn(email);
      const refused = await link(cookie, subject);
      expect(refused.status).toBe(302);
      const back = new URL(refused.location, ORIGIN);
      expect([back.pathname, back.searchParams.get('error')]).toEqual([ACCOUNT_PAGE, 'account_already_linked_to_different_user']);
      const id = await userId(email);
      expect(await identities(id)).toEqual([]);
      expect(await events(id)).toEqual([]);
    });

    it('F1: an identity whose address the provider did not verify is not linked', async () => {
      const email = address('mallory');
      const cookie = await signIn(email);
      const refused = await link(cookie, `unverified:${address('someone')}`);
      const back = new URL(refused.location, ORIGIN);
      expect([back.pathname, back.searchParams.get('error')]).toEqual([ACCOUNT_PAGE, 'email_not_verified']);
      expect(await identities(await userId(email))).toEqual([]);
    });

    it('GitHub: Link answers with the provider’s consent address; an unknown provider and extra fields are refused', async () => {
      const cookie = await signIn(address('linus'));
      const github = await post('/link-social', cookie, { provider: 'github', callbackURL: ACCOUNT_PAGE });
      expect(github.status).toBe(200);
      const { url, redirect } = github.body as { url: string; redirect: boolean };
      expect([redirect, new URL(url).origin + new URL(url).pathname]).toEqual([true, 'https://github.com/login/oauth/authorize']);

      const unknown = await post('/link-social', cookie, { provider: 'google', callbackURL: ACCOUNT_PAGE });
      expect([unknown.status, (unknown.body as { code: string }).code]).toEqual([404, 'PROVIDER_NOT_FOUND']);
      freshClient();
      // An ID token would link without the consent screen.
      const idToken = await post('/link-social', cookie, { provider: 'oidc', idToken: { token: 'x' } });
      expect([idToken.status, idToken.body]).toEqual([
        400,
        { code: 'INPUT_VALIDATION_FAILED', message: expect.any(String), fields: { idToken: 'Unrecognized keys: idToken' } },
      ]);
      // Another site as callbackURL is Better Auth's origin check, off under NODE_ENV=test: e2e/linked-accounts.spec.ts.
      freshClient();
      const signedOut = await authApi('POST', '/link-social', { body: { provider: 'oidc' }, headers: { [CLIENT_IP_HEADER]: ip } });
      expect(signedOut.status).toBe(401);
      expect((await api('GET', '/account/sign-in-methods')).status).toBe(401);
    });

    it('refuses both to an administrator acting as someone', async () => {
      const email = address('impersonated');
      const own = await signIn(email);
      await link(own, login('impersonated'));
      const accountId = await accountIdOf(own);
      const admin = await signIn('admin@example.com');
      const started = await handleAuthRequest(
        new Request(`${ORIGIN}/api/auth/admin/impersonate-user`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: admin },
          body: JSON.stringify({ userId: await userId(email) }),
        }),
      );
      expect(started.status).toBe(200);
      const acting = merge(admin, setCookies(started));
      const refusal = {
        code: 'YOU_CANNOT_CHANGE_SIGN_IN_METHODS_WHILE_IMPERSONATING',
        message: 'You cannot link or unlink sign-in methods while impersonating',
      };
      const linking = await post('/link-social', acting, { provider: 'oidc', callbackURL: ACCOUNT_PAGE });
      expect([linking.status, linking.body]).toEqual([403, refusal]);
      const unlinking = await post('/unlink-account', acting, { accountId });
      expect([unlinking.status, unlinking.body]).toEqual([403, refusal]);
      expect(await identities(await userId(email))).toHaveLength(1);
    });

    it('limits link requests per client as social sign-in: three in ten seconds', async () => {
      const cookie = await signIn(address('eager'));
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await post('/link-social', cookie, { provider: 'github', callbackURL: ACCOUNT_PAGE })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  });
}

export function linkedAccountsDemoSuite() {
  describe('linked sign-in methods in demo mode', () => {
    it('lists them, and refuses linking and unlinking with DEMO_MODE', async () => {
      const cookie = await signIn('user@example.com');
      expect((await methods(cookie)).providers.map((p) => [p.id, p.linked])).toEqual([
        ['github', null],
        ['oidc', null],
      ]);
      const refusal = { code: 'DEMO_MODE', message: 'This is a read-only demo, this action is disabled.' };
      const linking = await post('/link-social', cookie, { provider: 'oidc', callbackURL: ACCOUNT_PAGE });
      expect([linking.status, linking.body]).toEqual([403, refusal]);
      const unlinking = await post('/unlink-account', cookie, { accountId: 'any' });
      expect([unlinking.status, unlinking.body]).toEqual([403, refusal]);
      const refused = await queryRows<{ details: unknown }>(
        await database(),
        sql`select details from audit_event where action = 'demo.refused' and actor_id = ${await userId('user@example.com')}
            order by id desc limit 2`,
      );
      expect(refused).toEqual([{ details: { path: '/unlink-account' } }, { details: { path: '/link-social' } }]);
    });
  });
}
