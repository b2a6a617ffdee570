// Regressions for the outside security probe, on a real production server over HTTP (finding 9: fuzz.spec.ts).
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { TEST_DATABASE_URL, freshPostgres } from '../tests/support/databases';
import { startApp, type AppServer } from './support/app-server';
import { withAppOnPostgres } from './support/app-on-postgres';
import { ADMIN, USER, clientHeaders, expect, signInViaApi, test, type StorageState } from './support/fixtures';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/4';
const needsPostgres = () => test.skip(!TEST_DATABASE_URL, 'needs TEST_DATABASE_URL (CI sets it to the local PostgreSQL)');

/** Its own client address, so its own rate limits. */
async function signedIn(app: AppServer, sink: SmtpSink, email: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: app.url, extraHTTPHeaders: { ...clientHeaders(), Origin: app.url } });
  await signInViaApi(context, app, sink, email);
  return context;
}

/** No new code is sent: an address gets 5 in 10 minutes, shared by the worker's tests. */
async function withSession(app: AppServer, state: StorageState): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: app.url, storageState: state, extraHTTPHeaders: { ...clientHeaders(), Origin: app.url } });
}

async function sameSessionOn(context: APIRequestContext, other: AppServer): Promise<APIRequestContext> {
  const { cookies } = await context.storageState();
  return playwrightRequest.newContext({
    baseURL: other.url,
    extraHTTPHeaders: { ...clientHeaders(), Origin: other.url },
    storageState: { cookies: cookies.map((c) => ({ ...c, domain: '127.0.0.1' })), origins: [] },
  });
}

const sessionOf = async (context: APIRequestContext) =>
  (await (await context.get('/api/auth/get-session')).json()) as { user: { id: string; name: string; role: string } } | null;

test.describe('security probe regressions', () => {
  test.describe.configure({ timeout: 180_000 });

  test('finding 1: a demoted admin loses admin rights on the very next request, with REDIS_URL', async () => {
    needsPostgres();
    await withAppOnPostgres({ REDIS_URL }, async ({ app, sink, db }) => {
      const email = `second.admin.${Date.now()}@example.org`;
      const second = await signedIn(app, sink, email);
      await db.query(`update "user" set role = 'admin', name = 'Second Admin' where email = $1`, [email]);
      expect((await second.get('/api/rpc/users?limit=3')).status()).toBe(200);

      const admin = await signedIn(app, sink, ADMIN);
      const me = (await sessionOf(second))!.user;
      const demoted = await admin.put(`/api/rpc/users/${me.id}`, { data: { name: 'Renamed Outside', email, role: 'user' } });
      expect(demoted.status()).toBe(200);

      // The next request: no user list, no book writes, no promoting itself back, the new name.
      expect((await second.get('/api/rpc/users?limit=3')).status()).toBe(403);
      expect((await second.post('/api/rpc/books', { data: { title: 'Nope', author: 'Demoted' } })).status()).toBe(403);
      expect((await second.post('/api/auth/admin/set-role', { data: { userId: me.id, role: 'admin' } })).status()).toBe(403);
      expect(await sessionOf(second)).toMatchObject({ user: { name: 'Renamed Outside', role: 'user' } });
    });
  });

  test('finding 2: a look-alike session cookie never reaches what an admin read', async ({ app, sink }) => {
    const admin = await signedIn(app, sink, ADMIN);
    const { cookies } = await admin.storageState();
    const real = cookies.find((c) => c.name === 'better-auth.session_token')!;
    const planted = 'better-auth-session_token=KNOWN';
    const asAdmin = await admin.get('/api/rpc/users?limit=3', { headers: { Cookie: `${planted}; ${real.name}=${real.value}` } });
    expect(asAdmin.status()).toBe(200);

    const anonymous = await playwrightRequest.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const list = await anonymous.get('/api/rpc/users?limit=3', { headers: { Cookie: planted } });
    expect(list.status()).toBe(401);
    expect(await list.text()).not.toContain(ADMIN);
    const page = await anonymous.get('/manager/users', { headers: { Cookie: planted, Accept: 'text/html' }, maxRedirects: 0 });
    expect(page.status()).toBeGreaterThanOrEqual(300);
    expect(page.status()).toBeLessThan(400);
    expect(page.headers().location).toContain('/login');
  });

  test('finding 3: a write from another site is refused; a form body where JSON is expected too', async ({ app, sink, userState }) => {
    const admin = await signedIn(app, sink, ADMIN);
    const evil = { Origin: 'http://evil.example' };
    const form = await admin.post('/api/rpc/books', { headers: evil, form: { title: 'Planted', author: 'Evil' } });
    expect(form.status()).toBe(403);
    expect(await form.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });

    const user = await withSession(app, userState);
    const userId = (await sessionOf(user))!.user.id;
    const promote = { data: JSON.stringify({ json: { id: userId, name: 'User', email: USER, role: 'admin' } }) };
    expect((await admin.post('/api/rpc/_rpc/users/update', { headers: evil, multipart: promote })).status()).toBe(403);
    // Without an Origin a browser still says where the request came from.
    const noOrigin = await playwrightRequest.newContext({ baseURL: app.url, storageState: await admin.storageState() });
    const sameSiteless = await noOrigin.post('/api/rpc/_rpc/users/update', {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
      multipart: promote,
    });
    expect(sameSiteless.status()).toBe(403);
    // From our own origin, a multipart body to the JSON API is refused as well.
    expect((await admin.post('/api/rpc/_rpc/users/update', { multipart: promote })).status()).toBe(415);
    expect((await sessionOf(user))!.user.role).toBe('user');
    expect((await admin.get('/api/rpc/books?searchTerm=Planted')).ok()).toBe(true);
    expect((await (await admin.get('/api/rpc/books?searchTerm=Planted')).json()).total).toBe(0);
  });

  test('finding 4: the per-address code quota survives Better Auth pruning its rate-limit rows', async () => {
    needsPostgres();
    await withAppOnPostgres({}, async ({ app, db }) => {
      const target = `quota.${Date.now()}@example.org`;
      const send = async (email: string, ip: string) =>
        (
          await (
            await playwrightRequest.newContext({ baseURL: app.url })
          ).post('/api/auth/email-otp/send-verification-otp', {
            data: { email, type: 'sign-in' },
            headers: { Origin: app.url, 'X-Forwarded-For': ip },
          })
        ).status();
      for (let i = 0; i < 5; i++) expect(await send(target, '198.19.4.1')).toBe(200);
      // A minute passes for Better Auth's counters: its next window reset prunes every older row.
      await db.query('update rate_limit set last_request = last_request - 61000');
      expect(await send(`other.${Date.now()}@example.org`, '198.19.4.2')).toBe(200);
      expect(await send(target, '198.19.4.1')).toBe(429);
    });
  });

  test('finding 5: endpoints the product does not use are off, and every e-mail shares the quota', async ({ app }) => {
    const anonymous = await playwrightRequest.newContext({ baseURL: app.url, extraHTTPHeaders: { Origin: app.url } });
    for (const path of [
      '/api/auth/email-otp/request-password-reset',
      '/api/auth/forget-password/email-otp',
      '/api/auth/email-otp/reset-password',
      '/api/auth/request-password-reset',
      '/api/auth/sign-in/email',
      '/api/auth/sign-up/email',
      '/api/auth/change-email',
      // Linking is on (issue #38, docs/decisions/068-linked-sign-in-methods.md); the provider's tokens stay off.
      '/api/auth/list-accounts',
      '/api/auth/account-info',
      '/api/auth/get-access-token',
      '/api/auth/refresh-token',
      '/api/auth/admin/set-user-password',
    ]) {
      const res = await anonymous.post(path, { data: { email: USER, password: 'a-long-password-1' }, headers: clientHeaders() });
      expect(res.status(), path).toBe(404);
    }
    // On since issue #38: signed out, it answers 401, not 404.
    const linking = await anonymous.post('/api/auth/link-social', { data: { provider: 'github' }, headers: clientHeaders() });
    expect(linking.status()).toBe(401);
    const doc = (await (await anonymous.get('/api/openapi')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/auth/sign-in/email-otp');
    // A change of email goes only through the code sent to the new address; linking a provider through its consent (issue #38).
    expect(
      Object.keys(doc.paths)
        .filter((p) => /password|change-email|link-social|unlink-account|sign-up|access-token|account-info/.test(p))
        .sort(),
    ).toEqual(['/api/auth/email-otp/change-email', '/api/auth/link-social', '/api/auth/unlink-account']);

    // Only sign-in codes; and five e-mails per address from one client in ten minutes.
    const target = `flood.${Date.now()}@example.org`;
    const client = clientHeaders();
    const send = (type: string) =>
      anonymous.post('/api/auth/email-otp/send-verification-otp', { data: { email: target, type }, headers: client });
    expect((await send('forget-password')).status()).toBe(400);
    expect((await send('email-verification')).status()).toBe(400);
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await send('sign-in')).status());
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  test('finding 6: several instances on one PostgreSQL without Redis honour sign-out, ban and role at once', async () => {
    needsPostgres();
    const database = await freshPostgres();
    const { seed } = await import('#/server/db/seed.ts');
    await database.handle.migrate();
    await seed(database.handle.db);
    const sink = await startSmtpSink();
    const shared = { DATABASE_URL: database.url, AUTH_SECRET: 'e2e-two-instances-secret-0123456789ab', EMAIL_SERVER: sink.url };
    const [a, b] = [await startApp(shared), await startApp(shared)];
    try {
      const onA = await signedIn(a, sink, USER);
      const onB = await sameSessionOn(onA, b);
      expect((await onA.get('/api/rpc/books?limit=1')).status()).toBe(200);
      expect((await sessionOf(onB))?.user.role).toBe('user');

      // A role given on B counts on A's next request.
      const adminOnB = await signedIn(b, sink, ADMIN);
      const userId = (await sessionOf(onA))!.user.id;
      expect((await adminOnB.post('/api/auth/admin/set-role', { data: { userId, role: 'admin' } })).status()).toBe(200);
      expect((await onA.get('/api/rpc/users?limit=1')).status()).toBe(200);
      expect((await adminOnB.post('/api/auth/admin/set-role', { data: { userId, role: 'user' } })).status()).toBe(200);
      expect((await onA.get('/api/rpc/users?limit=1')).status()).toBe(403);

      // Signed out on B: A no longer knows the session.
      expect((await onB.post('/api/auth/sign-out', { data: {} })).status()).toBe(200);
      expect(await sessionOf(onA)).toBeNull();
      expect((await onA.get('/api/rpc/books?limit=1')).status()).toBe(401);

      // Banned on B: A refuses the user's other session.
      const again = await signedIn(a, sink, USER);
      expect((await again.get('/api/rpc/books?limit=1')).status()).toBe(200);
      expect((await adminOnB.post('/api/auth/admin/ban-user', { data: { userId } })).status()).toBe(200);
      expect((await again.get('/api/rpc/books?limit=1')).status()).toBe(401);
    } finally {
      await a.stop();
      await b.stop();
      await sink.close();
      await database.drop();
    }
  });

  test('finding 7: banning the impersonating admin ends the impersonation', async () => {
    needsPostgres();
    await withAppOnPostgres({}, async ({ app, sink, db }) => {
      const email = `impersonator.${Date.now()}@example.org`;
      const impersonator = await signedIn(app, sink, email);
      await db.query(`update "user" set role = 'admin', name = 'Impersonator' where email = $1`, [email]);
      const target = await signedIn(app, sink, `target.${Date.now()}@example.org`);
      const targetId = (await sessionOf(target))!.user.id;
      const started = await impersonator.post('/api/auth/admin/impersonate-user', { data: { userId: targetId } });
      expect(started.status()).toBe(200);
      expect((await sessionOf(impersonator))!.user.id).toBe(targetId);

      const admin = await signedIn(app, sink, ADMIN);
      const impersonatorId = (await db.query(`select id from "user" where email = $1`, [email])).rows[0].id as string;
      expect((await admin.post('/api/auth/admin/ban-user', { data: { userId: impersonatorId } })).status()).toBe(200);

      expect(await sessionOf(impersonator)).toBeNull();
      expect((await impersonator.post('/api/auth/update-user', { data: { name: 'Renamed by a ghost' } })).status()).toBe(401);
      expect((await impersonator.post('/api/auth/admin/stop-impersonating')).status()).toBeLessThan(500);
      expect((await db.query(`select name from "user" where id = $1`, [targetId])).rows[0].name).not.toBe('Renamed by a ghost');

      // Demoting an admin ends theirs too.
      const other = `impersonator.two.${Date.now()}@example.org`;
      const second = await signedIn(app, sink, other);
      await db.query(`update "user" set role = 'admin', name = 'Second' where email = $1`, [other]);
      expect((await second.post('/api/auth/admin/impersonate-user', { data: { userId: targetId } })).status()).toBe(200);
      const secondId = (await db.query(`select id from "user" where email = $1`, [other])).rows[0].id as string;
      expect((await admin.post('/api/auth/admin/set-role', { data: { userId: secondId, role: 'user' } })).status()).toBe(200);
      expect(await sessionOf(second)).toBeNull();
    });
  });

  test('finding 8: TRUSTED_PROXIES decides whose X-Forwarded-For is believed', async () => {
    const sink = await startSmtpSink();
    // The load balancer is "elsewhere": loopback is not trusted, so every forged address is one client.
    const strict = await startApp({ EMAIL_SERVER: sink.url, TRUSTED_PROXIES: '10.0.0.0/8' });
    const hops = await startApp({ EMAIL_SERVER: sink.url, TRUSTED_PROXIES: '1' });
    try {
      const sendFrom = async (app: AppServer, i: number) =>
        (
          await (
            await playwrightRequest.newContext({ baseURL: app.url })
          ).post('/api/auth/email-otp/send-verification-otp', {
            data: { email: `proxy.${i}.${Date.now()}@example.org`, type: 'sign-in' },
            headers: { Origin: app.url, 'X-Forwarded-For': `198.18.200.${i + 1}` },
          })
        ).status();
      const strictStatuses = [];
      const hopStatuses = [];
      for (let i = 0; i < 12; i++) {
        strictStatuses.push(await sendFrom(strict, i));
        hopStatuses.push(await sendFrom(hops, i));
      }
      expect(strictStatuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      expect(hopStatuses.every((s) => s === 200)).toBe(true);
    } finally {
      await strict.stop();
      await hops.stop();
      await sink.close();
    }
    await expect(startApp({ TRUSTED_PROXIES: 'the-balancer' }, 20_000)).rejects.toThrow(
      /TRUSTED_PROXIES: 'the-balancer' is not an address/,
    );
  });

  test('finding 10: a public demo’s mailbox shows each browser its own codes, for demo accounts only', async () => {
    needsPostgres();
    await withAppOnPostgres({ DEMO_MODE: 'true', EMAIL_SERVER: '' }, async ({ app, db }) => {
      await db.query(`insert into "user" (id, name, email, role) values (gen_random_uuid(), 'Operator', 'ops@example.test', 'admin')`);
      const browser = async () =>
        playwrightRequest.newContext({ baseURL: app.url, extraHTTPHeaders: { ...clientHeaders(), Origin: app.url } });
      const [alice, bob] = [await browser(), await browser()];
      const send = (who: APIRequestContext, email: string) =>
        who.post('/api/auth/email-otp/send-verification-otp', { data: { email, type: 'sign-in' } });
      const mailbox = async (who: APIRequestContext) =>
        (await (await who.get('/devtools/mailbox?format=json')).json()) as Array<{ to: string; text: string }>;
      // The e-mail leaves after the answer.
      const recipients = (who: APIRequestContext) => expect.poll(async () => (await mailbox(who)).map((m) => m.to));

      expect((await send(alice, ADMIN)).status()).toBe(200);
      await recipients(alice).toEqual([ADMIN]);
      expect(await mailbox(bob)).toEqual([]);
      const anonymous = await playwrightRequest.newContext({ baseURL: app.url });
      expect(await (await anonymous.get('/devtools/mailbox?format=json')).json()).toEqual([]);

      // An account outside the demo ones: its code goes to the server log only.
      expect((await send(alice, 'ops@example.test')).status()).toBe(200);
      await expect.poll(() => app.output()).toContain('│ To:      ops@example.test');
      expect((await mailbox(alice)).map((m) => m.to)).toEqual([ADMIN]);

      // One visitor's five requests do not lock the demo account for the next one.
      for (let i = 0; i < 5; i++) await send(alice, USER);
      expect((await send(alice, USER)).status()).toBe(429);
      expect((await send(bob, USER)).status()).toBe(200);
      await recipients(bob).toEqual([USER]);
    });
  });

  test('finding 11: organisations and invitations are limited; roles invite only at or below their own', async () => {
    needsPostgres();
    await withAppOnPostgres({ ORG_MAX_PER_USER: '3', ORG_INVITATIONS_PER_HOUR: '4' }, async ({ app, sink, db }) => {
      const owner = await signedIn(app, sink, USER);
      const created: number[] = [];
      let firstId = '';
      for (let i = 0; i < 5; i++) {
        const res = await owner.post('/api/auth/organization/create', { data: { name: `Org ${i}`, slug: `org-${i}-${Date.now()}` } });
        created.push(res.status());
        if (i === 0) firstId = ((await res.json()) as { id: string }).id;
      }
      expect(created).toEqual([200, 200, 200, 403, 403]);

      const invite = (who: APIRequestContext, email: string, role: string) =>
        who.post('/api/auth/organization/invite-member', { data: { email, role, organizationId: firstId } });
      const sent = [];
      for (let i = 0; i < 6; i++) sent.push((await invite(owner, `invitee.${i}.${Date.now()}@example.org`, 'member')).status());
      expect(sent).toEqual([200, 200, 200, 200, 429, 429]);

      // An organisation admin may not invite an owner; a plain member may not invite at all.
      const adminEmail = `org.admin.${Date.now()}@example.org`;
      const memberEmail = `org.member.${Date.now()}@example.org`;
      const orgAdmin = await signedIn(app, sink, adminEmail);
      const orgMember = await signedIn(app, sink, memberEmail);
      for (const [email, role] of [
        [adminEmail, 'admin'],
        [memberEmail, 'member'],
      ]) {
        await db.query(
          `insert into member (id, organization_id, user_id, role, created_at) select gen_random_uuid(), $1, id, $2, now() from "user" where email = $3`,
          [firstId, role, email],
        );
      }
      await db.query('delete from invitation');
      expect((await invite(orgAdmin, `promoted.${Date.now()}@example.org`, 'owner')).status()).toBe(403);
      expect((await invite(orgMember, `anyone.${Date.now()}@example.org`, 'member')).status()).toBe(403);
      expect((await invite(orgAdmin, `peer.${Date.now()}@example.org`, 'admin')).status()).toBe(200);
    });
  });

  test('finding 12: personal answers are not stored, a redirect does not echo a huge value, pictures are http(s)', async ({
    app,
    userState,
  }) => {
    const user = await withSession(app, userState);
    for (const path of ['/api/rpc/books?limit=1', '/api/auth/get-session']) {
      expect((await user.get(path)).headers()['cache-control'], path).toBe('private, no-store');
    }
    const page = await user.get('/app/books', { headers: { Accept: 'text/html' } });
    expect(page.status()).toBe(200);
    expect(page.headers()['cache-control']).toBe('private, no-store');

    const callback = await user.post('/api/auth/callback/github', { data: { code: 'x'.repeat(100_000), state: 'y' }, maxRedirects: 0 });
    expect(callback.status()).toBeLessThan(500);
    expect((callback.headers().location ?? '').length).toBeLessThanOrEqual(2048);

    for (const image of ['javascript:alert(1)', 'data:text/html,<script>1</script>', '//evil.example/x.png']) {
      const res = await user.post('/api/auth/update-user', { data: { image } });
      expect(res.status(), image).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_IMAGE_URL' });
    }
    expect((await user.post('/api/auth/update-user', { data: { image: 'https://images.example.org/me.png' } })).status()).toBe(200);
  });
});
