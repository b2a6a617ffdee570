// "Download my data" (src/features/account/account-export.server.ts): what a person's file holds, what it never
// holds, and the one event it writes. Set up through the real APIs; times pinned in SQL so the file is written out.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#/server/db/client.ts';
import { database } from '#/server/db/index.ts';
import { handleAccountExport } from '#/features/account/account-export.server.ts';
import { authApi, signIn } from './api.ts';
import { identitySlug } from '#/lib/identity.ts';
// example:start
import { api } from './api.ts';
// example:end

const EXPORT_URL = 'http://localhost:3000/api/account/export.json';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

interface EventRow {
  action: string;
  actor_id: string | null;
  actor_name: string | null;
  impersonator_id: string | null;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  ip_address: string | null;
  user_agent: string | null;
}

async function download(cookie?: string, headers: Record<string, string> = {}) {
  const res = await handleAccountExport(new Request(EXPORT_URL, { headers: { ...headers, ...(cookie ? { cookie } : {}) } }));
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as Record<string, unknown> };
}

async function lastEventId(): Promise<number> {
  const [row] = await queryRows<{ id: string | null }>(await database(), sql`select max(id)::text as id from audit_event`);
  return Number(row?.id ?? 0);
}

async function eventsAfter(mark: number): Promise<EventRow[]> {
  return queryRows<EventRow>(
    await database(),
    sql`select action, actor_id, actor_name, impersonator_id, target_type, target_id, target_label, ip_address, user_agent
        from audit_event where id > ${mark} order by id`,
  );
}

async function userIdOf(email: string) {
  const [row] = await queryRows<{ id: string }>(await database(), sql`select id from "user" where email = ${email}`);
  return row!.id;
}

/** The session a cookie from `signIn` carries (its token, before the signature). */
async function sessionOf(cookie: string) {
  const value = decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(cookie)![1]!);
  const token = value.slice(0, value.lastIndexOf('.'));
  const [row] = await queryRows<{ id: string; token: string }>(await database(), sql`select id, token from session where token = ${token}`);
  return row!;
}

const short = (token: string) => `${token.slice(0, 4)}…${token.slice(-4)}`;

export function accountExportSuite() {
  beforeEach(async () => {
    await (await database()).execute(sql`delete from rate_limit`);
  });

  describe('download my data', () => {
    const EMAIL = 'dana.data@example.org';
    let admin: string;
    let dana: string;
    let danaId: string;
    let adminId: string;
    let other: { id: string; token: string };
    let current: { id: string; token: string };
    let orgId: string;
    let teamId: string;
    let defaultTeamId: string;
    // example:start
    let bookId: string;
    let shelfId: string;
    // example:end
    let inviteOrgId: string;
    let invitationId: string;

    beforeAll(async () => {
      admin = await signIn('admin@example.com');
      adminId = await userIdOf('admin@example.com');
      const first = await signIn(EMAIL);
      dana = await signIn(EMAIL);
      danaId = await userIdOf(EMAIL);
      other = await sessionOf(first);
      current = await sessionOf(dana);

      const ok = async (path: string, cookie: string, body: Record<string, unknown>) => {
        const res = await authApi<Record<string, unknown>>('POST', path, { cookie, body });
        expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
        return res.body;
      };
      orgId = (await ok('/organization/create', dana, { name: 'Data Guild', slug: 'data-guild' })).id as string;
      teamId = (await ok('/organization/create-team', dana, { organizationId: orgId, name: 'Readers' })).id as string;
      await ok('/organization/add-team-member', dana, { teamId, userId: danaId });
      // example:start
      const book = await api<{ id: string }>('POST', '/books', { cookie: admin, body: { title: 'Exported Reads', author: 'E. Port' } });
      expect(book.status).toBe(201);
      bookId = book.body.id;
      const shelved = await api<{ id: string }>('POST', '/shelf', { cookie: dana, body: { bookId, note: 'Lend to Ana' } });
      expect(shelved.status).toBe(201);
      shelfId = shelved.body.id;
      // example:end
      inviteOrgId = (await ok('/organization/create', admin, { name: 'Other Guild', slug: 'other-guild' })).id as string;
      invitationId = (await ok('/organization/invite-member', admin, { organizationId: inviteOrgId, email: EMAIL, role: 'member' }))
        .id as string;

      // A linked GitHub identity whose secrets must never leave the database.
      const db = await database();
      await db.execute(sql`insert into account (id, account_id, provider_id, user_id, access_token, refresh_token, id_token, password, scope, created_at, updated_at)
        values ('export-github', '4242', 'github', ${danaId}, 'gho_ACCESS_export_secret', 'ghr_REFRESH_export_secret', 'eyJ.ID_export_secret', 'PASSWORD_export_secret', 'read:user', '2025-01-02T03:04:05Z', '2025-01-02T03:04:05Z')`);
      // An API key: its name, first characters and permissions leave; its hash never does.
      await db.execute(sql`insert into api_key (id, name, start, prefix, key, reference_id, permissions, created_at, updated_at)
        values ('export-key', 'Export script', 'sb_abcdefgh', 'sb_', 'HASH_export_secret', ${danaId}, '{"book":["read"]}', '2025-01-03T00:00:00Z', '2025-01-03T00:00:00Z')`);
      // Times, devices and addresses pinned, so the file below is written out in full.
      await db.execute(sql`update "user" set name = 'Dana Data', image = ${`/uploads/users/${danaId}/current-256.webp`},
        created_at = '2025-01-01T10:00:00Z', updated_at = '2025-01-01T11:00:00Z', onboarded_at = '2025-01-01T10:05:00Z' where id = ${danaId}`);
      await db.execute(sql`update session set user_agent = ${BROWSER}, ip_address = '203.0.113.7',
        created_at = '2025-02-01T08:00:00Z', updated_at = '2025-02-02T08:00:00Z', expires_at = '2099-03-01T08:00:00Z' where id = ${other.id}`);
      // The current session keeps its recent last activity: an older one is marked active by the request itself.
      await db.execute(sql`update session set user_agent = null, ip_address = '198.51.100.4',
        created_at = '2025-02-03T08:00:00Z', expires_at = '2099-03-03T08:00:00Z' where id = ${current.id}`);
      await db.execute(sql`update member set created_at = '2025-02-05T09:00:00Z' where user_id = ${danaId}`);
      // Her organisation's first team (the organisation plugin makes one, with her in it), then the team she made.
      [{ id: defaultTeamId }] = (await queryRows<{ id: string }>(
        db,
        sql`select id from team where organization_id = ${orgId} and id <> ${teamId}`,
      )) as [{ id: string }];
      await db.execute(
        sql`update team_member set created_at = '2025-02-05T09:00:00Z' where user_id = ${danaId} and team_id = ${defaultTeamId}`,
      );
      await db.execute(sql`update team_member set created_at = '2025-02-06T09:00:00Z' where user_id = ${danaId} and team_id = ${teamId}`);
      // example:start
      await db.execute(sql`update shelf_item set created_at = '2025-02-07T09:00:00Z' where id = ${shelfId}`);
      // example:end
      await db.execute(
        sql`update invitation set created_at = '2025-02-08T09:00:00Z', expires_at = '2099-02-10T09:00:00Z' where id = ${invitationId}`,
      );
      // What an administrator did to her account, and what she did herself, each from somewhere.
      await db.execute(sql`insert into audit_event (created_at, action, actor_id, actor_name, target_type, target_id, target_label, ip_address, user_agent)
        values ('2999-01-01T00:00:00Z', 'user.updated', ${adminId}, 'Admin', 'user', ${danaId}, ${EMAIL}, '192.0.2.99', 'StaffBrowser/1.0'),
               ('2999-01-01T00:00:01Z', 'account.updated', ${danaId}, 'Dana Data', 'user', ${danaId}, ${EMAIL}, '203.0.113.7', ${BROWSER})`);
    });

    it('answers a JSON attachment of her profile, sign-in methods, sessions, organisations, teams, shelf and invitations', async () => {
      const res = await download(dana);
      expect(res.status).toBe(200);
      const body = res.body as Record<string, unknown> & { exportedAt: string };
      const [{ last } = { last: '' }] = await queryRows<{ last: Date }>(
        await database(),
        sql`select updated_at as last from session where id = ${current.id}`,
      ).then((rows) => rows.map((r) => ({ last: new Date(r.last).toISOString() })));
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="${identitySlug}-data-${body.exportedAt.slice(0, 10)}.json"`,
      );
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      // Pretty-printed, its version first.
      expect(res.text.startsWith('{\n  "format": 1,\n  "exportedAt": "')).toBe(true);
      expect(Math.abs(Date.parse(body.exportedAt) - Date.now())).toBeLessThan(60_000);

      expect(body.profile).toEqual({
        id: danaId,
        name: 'Dana Data',
        email: EMAIL,
        emailVerified: true,
        role: 'user',
        picture: `http://localhost:3000/uploads/users/${danaId}/current-256.webp`,
        createdAt: '2025-01-01T10:00:00.000Z',
        updatedAt: '2025-01-01T11:00:00.000Z',
        onboardedAt: '2025-01-01T10:05:00.000Z',
      });
      expect(body.signInMethods).toEqual([{ providerId: 'github', accountId: '4242', createdAt: '2025-01-02T03:04:05.000Z' }]);
      expect(body.apiKeys).toEqual([
        {
          id: 'export-key',
          name: 'Export script',
          start: 'sb_abcdefgh',
          permissions: { book: ['read'] },
          createdAt: '2025-01-03T00:00:00.000Z',
          lastUsedAt: null,
          expiresAt: null,
        },
      ]);
      expect(body.sessions).toEqual([
        {
          id: current.id,
          token: short(current.token),
          current: true,
          device: null,
          userAgent: null,
          ipAddress: '198.51.100.4',
          impersonated: false,
          createdAt: '2025-02-03T08:00:00.000Z',
          lastActiveAt: last,
          expiresAt: '2099-03-03T08:00:00.000Z',
        },
        {
          id: other.id,
          token: short(other.token),
          current: false,
          device: 'Chrome 126 · Linux',
          userAgent: BROWSER,
          ipAddress: '203.0.113.7',
          impersonated: false,
          createdAt: '2025-02-01T08:00:00.000Z',
          lastActiveAt: '2025-02-02T08:00:00.000Z',
          expiresAt: '2099-03-01T08:00:00.000Z',
        },
      ]);
      expect(body.organizations).toEqual([
        { id: orgId, name: 'Data Guild', slug: 'data-guild', role: 'owner', joinedAt: '2025-02-05T09:00:00.000Z' },
      ]);
      expect(body.teams).toEqual([
        { id: defaultTeamId, name: 'Data Guild', organization: { id: orgId, name: 'Data Guild' }, joinedAt: '2025-02-05T09:00:00.000Z' },
        { id: teamId, name: 'Readers', organization: { id: orgId, name: 'Data Guild' }, joinedAt: '2025-02-06T09:00:00.000Z' },
      ]);
      // example:start
      expect(body.shelf).toEqual([
        {
          id: shelfId,
          organization: { id: orgId, name: 'Data Guild' },
          book: { id: bookId, title: 'Exported Reads', author: 'E. Port' },
          note: 'Lend to Ana',
          addedAt: '2025-02-07T09:00:00.000Z',
        },
      ]);
      // example:end
      expect(body.invitations).toEqual([
        {
          id: invitationId,
          organization: { id: inviteOrgId, name: 'Other Guild' },
          email: EMAIL,
          role: 'member',
          status: 'pending',
          createdAt: '2025-02-08T09:00:00.000Z',
          expiresAt: '2099-02-10T09:00:00.000Z',
        },
      ]);
    });

    it('holds no secret: neither session token in full, nor any token or password of a sign-in method', async () => {
      const { text } = await download(dana);
      for (const secret of [
        current.token,
        other.token,
        'gho_ACCESS_export_secret',
        'ghr_REFRESH_export_secret',
        'eyJ.ID_export_secret',
        'PASSWORD_export_secret',
        'HASH_export_secret',
      ]) {
        expect(text.includes(secret), secret).toBe(false);
      }
      expect(text).not.toMatch(/accessToken|refreshToken|idToken|password/);
    });

    it('lists her own audit events as the security activity does: an administrator’s address and browser left out', async () => {
      const { body } = await download(dana);
      const events = body.auditEvents as Array<Record<string, unknown>>;
      expect(events.slice(0, 2)).toEqual([
        expect.objectContaining({ action: 'account.updated', actorId: danaId, ipAddress: '203.0.113.7', userAgent: BROWSER }),
        expect.objectContaining({ action: 'user.updated', actorId: adminId, actorName: 'Admin', ipAddress: null, userAgent: null }),
      ]);
      expect(events.every((e) => e.actorId === danaId || (e.targetType === 'user' && e.targetId === danaId))).toBe(true);
      // Her sign-ins, the organisation and team she made, the book she shelved; the admin's book is not hers.
      const actions = new Set(events.map((e) => e.action));
      for (const action of ['auth.sign-in', 'organization.created', 'team.created']) expect(actions.has(action), action).toBe(true);
      // example:start
      expect(actions.has('shelf.added')).toBe(true);
      expect(actions.has('book.created')).toBe(false);
      // example:end
    });

    it('records one event: account.data-exported, by her, about her account, from where she asked', async () => {
      const mark = await lastEventId();
      const res = await download(dana, { 'user-agent': BROWSER, 'x-app-client-ip': '203.0.113.8' });
      expect(res.status).toBe(200);
      expect(await eventsAfter(mark)).toEqual([
        {
          action: 'account.data-exported',
          actor_id: danaId,
          actor_name: 'Dana Data',
          impersonator_id: null,
          target_type: 'user',
          target_id: danaId,
          target_label: EMAIL,
          ip_address: '203.0.113.8',
          user_agent: BROWSER,
        },
      ]);
    });

    it('counts against the write budget: past it, 429 with Retry-After and no event', async () => {
      const db = await database();
      await db.execute(
        sql`insert into rate_limit (id, key, count, last_request) values ('export-budget', ${`rpc-write:${danaId}`}, 60, ${Date.now()})`,
      );
      const mark = await lastEventId();
      const res = await download(dana);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(res.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' });
      expect(await eventsAfter(mark)).toEqual([]);
    });

    it('answers 401 without a session, translated, and writes nothing', async () => {
      const mark = await lastEventId();
      const res = await download();
      expect(res.status).toBe(401);
      expect(res.headers.get('content-disposition')).toBeNull();
      expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: 'You must be signed in to do this' });
      const fr = await download(undefined, { cookie: 'i18next=fr' });
      expect(fr.body).toEqual({ code: 'UNAUTHORIZED', message: 'Vous devez être connecté pour effectuer cette action' });
      expect(await eventsAfter(mark)).toEqual([]);
    });
  });
}

/** Run with DEMO_MODE=true: refused for nobody, and the export writes its event and nothing else. */
export function accountExportDemoSuite() {
  describe('download my data in demo mode', () => {
    it('answers the file, and the only new event is account.data-exported (no demo refusal)', async () => {
      const cookie = await signIn('user@example.com');
      const userId = await userIdOf('user@example.com');
      const db = await database();
      const before = await queryRows(db, sql`select name, email, updated_at from "user" where id = ${userId}`);
      const mark = await lastEventId();

      const res = await download(cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="${identitySlug}-data-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
      );
      expect(res.body.profile).toMatchObject({ id: userId, name: 'User', email: 'user@example.com', role: 'user', emailVerified: true });
      expect((res.body.sessions as Array<{ current: boolean }>).filter((s) => s.current)).toHaveLength(1);

      expect((await eventsAfter(mark)).map((e) => [e.action, e.actor_id, e.target_type, e.target_id])).toEqual([
        ['account.data-exported', userId, 'user', userId],
      ]);
      expect(await queryRows(db, sql`select name, email, updated_at from "user" where id = ${userId}`)).toEqual(before);
    });
  });
}
