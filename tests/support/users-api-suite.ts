import { beforeAll, describe, expect, it } from 'vitest';
import { api, authApi, signIn } from './api.ts';
import { database } from '#/server/db/index.ts';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { auditEvent, session, user } from '#/server/db/schema.ts';
import type { ManagedUser } from '#/features/users/users.schema';

type List = { items: ManagedUser[]; nextCursor: string | null; total: number | null; totalCapped: boolean };
type ApiError = { code: string; message: string; data?: { fields?: Record<string, string>; field?: string } };

let admin: string;
let adminId: string;

export function usersApiSuite() {
  beforeAll(async () => {
    admin = await signIn('admin@example.com');
    const me = await api<List>('GET', '/users?searchTerm=admin@example.com', { cookie: admin });
    adminId = me.body.items[0]!.id;
  });

  describe('users API: nothing read is kept', () => {
    it('lists a user written behind the API’s back (in SQL) at once', async () => {
      const path = '/users?searchTerm=Quillon';
      expect((await api<List>('GET', path, { cookie: admin })).body.total).toBe(0);
      const db = await database();
      await db.insert(user).values({ id: crypto.randomUUID(), name: 'Ada Quillon', email: 'ada.quillon@example.org' });
      expect((await api<List>('GET', path, { cookie: admin })).body.items.map((u) => u.name)).toEqual(['Ada Quillon']);
    });
  });

  describe('users API: list and search', () => {
    it('pages newest first through every user exactly once, with the total on the first page', async () => {
      const first = await api<List>('GET', '/users', { cookie: admin });
      expect(first.status).toBe(200);
      expect(first.body.items).toHaveLength(20);
      expect(first.body.total).toBeGreaterThanOrEqual(32);
      const seen = [...first.body.items];
      let cursor = first.body.nextCursor;
      while (cursor) {
        const next = await api<List>('GET', `/users?cursor=${cursor}`, { cookie: admin });
        expect(next.body.total).toBeNull();
        seen.push(...next.body.items);
        cursor = next.body.nextCursor;
      }
      expect(seen).toHaveLength(first.body.total!);
      expect(new Set(seen.map((u) => u.id)).size).toBe(seen.length);
      const times = seen.map((u) => new Date(u.createdAt).getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('finds users by name or e-mail, ignoring case and accents', async () => {
      const created = await api<ManagedUser>('POST', '/users', {
        cookie: admin,
        body: { name: 'Amélie Poulain', email: 'AMELIE.P@Example.org', role: 'user' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ email: 'amelie.p@example.org', role: 'user', banned: false, emailVerified: false });
      // The admin gave the name onboarding asks for: the new user is not sent through it.
      expect(created.body.onboardedAt).not.toBeNull();
      for (const term of ['amelie', 'POULAIN', 'amelie.p@EXAMPLE']) {
        const found = await api<List>('GET', `/users?searchTerm=${encodeURIComponent(term)}`, { cookie: admin });
        expect(found.body.total, term).toBe(1);
        expect(found.body.items[0]!.id).toBe(created.body.id);
      }
      expect((await api<List>('GET', '/users?searchTerm=no-such-person', { cookie: admin })).body).toMatchObject({ total: 0, items: [] });
      // Two characters: anywhere in the name or the address, never across the two.
      const short = async (term: string) =>
        (await api<List>('GET', `/users?searchTerm=${encodeURIComponent(term)}&limit=100`, { cookie: admin })).body;
      expect((await short('ÉL')).items.map((u) => u.id)).toContain(created.body.id);
      expect((await short('p@')).items.map((u) => u.id)).toContain(created.body.id);
      for (const term of ['.p', '@', 'E'])
        expect(
          (await short(term)).items.map((u) => u.id),
          term,
        ).toContain(created.body.id);
      expect((await short('na')).items.map((u) => u.id)).not.toContain(created.body.id);
      expect((await short('na')).totalCapped).toBe(false);
    });

    it('gives the true first page of a search past the cap, in every order, whichever matches are found first', async () => {
      // Inserted from the end of each order: the first 1 001 matches a scan meets are not the first in the list's order.
      const db = await database();
      const n = 1200;
      const people = Array.from({ length: n }, (_, i) => ({
        id: crypto.randomUUID(),
        name: `Bounded Person ${String(n - 1 - i).padStart(4, '0')}`,
        email: `bounded.${String(i).padStart(4, '0')}@example.org`,
        createdAt: new Date(Date.UTC(2001, 0, 1) + (n - 1 - i) * 1000),
      }));
      for (let i = 0; i < n; i += 400) await db.insert(user).values(people.slice(i, i + 400));
      const names = people.map((p) => p.name).sort();
      const emails = people.map((p) => p.email).sort();
      const page = async (query: string) =>
        (await api<List>('GET', `/users?searchTerm=bounded&${query}`, { cookie: admin })).body.items.map((u) => u.name ?? '');
      expect((await api<List>('GET', '/users?searchTerm=bounded', { cookie: admin })).body).toMatchObject({
        total: 1000,
        totalCapped: true,
      });
      expect(await page('sort=name')).toEqual(names.slice(0, 20));
      expect(await page('sort=name&order=desc')).toEqual([...names].reverse().slice(0, 20));
      expect(await page('sort=createdAt')).toEqual([...names].reverse().slice(0, 20));
      expect(await page('sort=createdAt&order=asc')).toEqual(names.slice(0, 20));
      const byEmail = await api<List>('GET', '/users?searchTerm=bounded&sort=email', { cookie: admin });
      expect(byEmail.body.items.map((u) => u.email)).toEqual(emails.slice(0, 20));
      await db.delete(user).where(like(user.email, 'bounded.%@example.org'));
    });

    it('refuses a cursor it did not make with 400', async () => {
      const res = await api<ApiError>('GET', '/users?cursor=garbage', { cookie: admin });
      expect(res.status).toBe(400);
      expect(res.body.data?.fields).toEqual({ cursor: 'Invalid page cursor' });
      const fr = await api<ApiError>('GET', '/users?cursor=garbage', { cookie: admin, language: 'fr' });
      expect(fr.body.data?.fields).toEqual({ cursor: 'Curseur de page invalide' });
    });

    it('finding 9: refuses a well-formed cursor whose key is not a time and an id with 400', async () => {
      const cursor = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
      // WyJhIiwiYiJd is ["a","b"]: the right shape, but "a" is no timestamp (PostgreSQL: 22007).
      for (const bad of ['WyJhIiwiYiJd', cursor(['2024-13-01 00:00:00+00', 'x']), cursor(['2024-01-01 00:00:00+00', 'a\u0000'])]) {
        const res = await api<ApiError>('GET', `/users?cursor=${bad}`, { cookie: admin });
        expect(res.status, bad).toBe(400);
        expect(res.body.data?.fields).toEqual({ cursor: 'Invalid page cursor' });
      }
      expect((await api('GET', `/users?cursor=${cursor(['2024-01-01 00:00:00.5+00', 'x'])}`, { cookie: admin })).status).toBe(200);
    });
  });

  describe('users API: filters and orders (issue 16, the users table)', () => {
    const all = async (query: string) => {
      const items: ManagedUser[] = [];
      let cursor: string | null = null;
      let total: number | null = null;
      do {
        const page: { status: number; body: List } = await api<List>('GET', `/users?${query}${cursor ? `&cursor=${cursor}` : ''}`, {
          cookie: admin,
        });
        expect(page.status, query).toBe(200);
        total ??= page.body.total;
        items.push(...page.body.items);
        cursor = page.body.nextCursor;
      } while (cursor);
      return { items, total };
    };

    it('filters by role and by status, with the total of the filtered list', async () => {
      const filterAdmin = await api<ManagedUser>('POST', '/users', {
        cookie: admin,
        body: { name: 'Filter Admin', email: 'filter-admin@example.org', role: 'admin' },
      });
      const banned = await api<ManagedUser>('POST', '/users', {
        cookie: admin,
        body: { name: 'Filter Banned', email: 'filter-banned@example.org', role: 'user' },
      });
      const db = await database();
      await db.update(user).set({ banned: true }).where(eq(user.id, banned.body.id));

      const admins = await all('role=admin&limit=5');
      expect(admins.items.every((u) => u.role === 'admin')).toBe(true);
      expect(admins.items.map((u) => u.email)).toEqual(expect.arrayContaining(['admin@example.com', 'filter-admin@example.org']));
      expect(admins.total).toBe(admins.items.length);

      const users = await all('role=user');
      expect(users.items.some((u) => u.role === 'admin')).toBe(false);
      expect(users.items.map((u) => u.email)).toContain('filter-banned@example.org');

      const bannedOnly = await all('status=banned&searchTerm=filter');
      expect(bannedOnly.items.map((u) => u.email)).toEqual(['filter-banned@example.org']);
      expect(bannedOnly.total).toBe(1);
      const active = await all('status=active&searchTerm=filter');
      expect(active.items.map((u) => u.email)).toEqual(['filter-admin@example.org']);
      const none = await api<List>('GET', '/users?status=banned&role=admin&searchTerm=filter', { cookie: admin });
      expect(none.body).toMatchObject({ items: [], total: 0, nextCursor: null });
      // Back to one admin and no one banned: the last-admin tests below start from there.
      await db.update(user).set({ banned: false }).where(eq(user.id, banned.body.id));
      const demoted = await api('PUT', `/users/${filterAdmin.body.id}`, {
        cookie: admin,
        body: { name: 'Filter Admin', email: 'filter-admin@example.org', role: 'user' },
      });
      expect(demoted.status).toBe(200);
    });

    it("counts each facet's values with the search and the other filter applied (shadcn's faceted counts)", async () => {
      const db = await database();
      // Two admins (one banned) and three users (one banned), found by one search term.
      const people = [
        ['Facetia Ash', 'admin', false],
        ['Facetia Birch', 'admin', true],
        ['Facetia Cedar', 'user', false],
        ['Facetia Dogwood', 'user', false],
        ['Facetia Elm', 'user', true],
      ] as const;
      await db
        .insert(user)
        .values(
          people.map(([name, role, banned], i) => ({ id: crypto.randomUUID(), name, email: `facetia.${i}@example.org`, role, banned })),
        );
      const facets = async (query: string) => {
        const res = await api<{ role: Record<string, number>; status: Record<string, number> }>('GET', `/users/facets?${query}`, {
          cookie: admin,
        });
        expect(res.status, query).toBe(200);
        return res.body;
      };
      expect(await facets('searchTerm=facetia')).toEqual({ role: { admin: 2, user: 3 }, status: { active: 3, banned: 2 } });
      // A facet's own filter leaves its counts as they were; the other facet's narrows them.
      expect(await facets('searchTerm=facetia&status=active')).toEqual({ role: { admin: 1, user: 2 }, status: { active: 3, banned: 2 } });
      expect(await facets('searchTerm=facetia&status=active&role=user')).toEqual({
        role: { admin: 1, user: 2 },
        status: { active: 2, banned: 1 },
      });
      expect(await facets('searchTerm=facetia%20elm&role=admin')).toEqual({
        role: { admin: 0, user: 1 },
        status: { active: 0, banned: 0 },
      });
      // Only the list's search and filters: a page size is refused, naming it.
      const refused = await api<ApiError>('GET', '/users/facets?limit=5', { cookie: admin });
      expect([refused.status, Object.keys(refused.body.data?.fields ?? {})]).toEqual([400, ['limit']]);
      expect((await api('GET', '/users/facets', { cookie: await signIn('user@example.com') })).status).toBe(403);
      // Back to one active admin: the last-admin tests below start from there.
      await db.delete(user).where(like(user.email, 'facetia.%@example.org'));
    });

    it('orders by name and by e-mail, either way, paging through every user once', async () => {
      const byName = await all('sort=name&limit=7');
      const names = byName.items.map((u) => u.name);
      expect(byName.items).toHaveLength(byName.total!);
      expect(new Set(byName.items.map((u) => u.id)).size).toBe(byName.total);
      const byNameDesc = await all('sort=name&order=desc&limit=7');
      expect(byNameDesc.items.map((u) => u.id)).toEqual([...byName.items.map((u) => u.id)].reverse());
      // Whatever the collation's details.
      expect(names.indexOf('Admin')).toBeLessThan(names.indexOf('User'));

      const byEmail = await all('sort=email&limit=9');
      const emails = byEmail.items.map((u) => u.email);
      expect(emails.indexOf('admin@example.com')).toBeLessThan(emails.indexOf('user@example.com'));
      const oldest = await api<List>('GET', '/users?sort=createdAt&order=asc&limit=3', { cookie: admin });
      const times = oldest.body.items.map((u) => new Date(u.createdAt).getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });

    it('refuses an unknown role, status or order with 400 and the field', async () => {
      for (const [query, field] of [
        ['role=owner', 'role'],
        ['status=gone', 'status'],
        ['sort=password', 'sort'],
        ['order=up', 'order'],
      ] as const) {
        const res = await api<ApiError>('GET', `/users?${query}`, { cookie: admin });
        expect(res.status, query).toBe(400);
        expect(Object.keys(res.body.data?.fields ?? {}), query).toEqual([field]);
      }
    });
  });

  describe('users API: bulk ban, unban and delete (the table’s selected rows)', () => {
    type Bulk = { done: string[]; skipped: Array<{ id: string; code: string; message: string }> };
    const missingId = '00000000-0000-4000-8000-000000000000';
    const audited = async (action: string, ids: string[]) =>
      (
        await (
          await database()
        )
          .select({ target: auditEvent.targetId, actor: auditEvent.actorId, label: auditEvent.targetLabel })
          .from(auditEvent)
          .where(and(eq(auditEvent.action, action), inArray(auditEvent.targetId, ids)))
          .orderBy(asc(auditEvent.targetLabel))
      ).map((row) => [row.label, row.actor]);

    it('bans several users, ends their sessions and audits each; never oneself, and says so; then unbans them', async () => {
      await signIn('bulk.a@example.org');
      const db = await database();
      const bId = crypto.randomUUID();
      await db.insert(user).values({ id: bId, name: 'Bulk B', email: 'bulk.b@example.org' });
      const [a] = await db.select({ id: user.id }).from(user).where(eq(user.email, 'bulk.a@example.org'));
      expect((await db.select().from(session).where(eq(session.userId, a!.id))).length).toBe(1);

      const banned = await api<Bulk>('POST', '/users/bulk/ban', { cookie: admin, body: { ids: [a!.id, bId, adminId, missingId] } });
      expect(banned.status).toBe(200);
      expect(banned.body).toEqual({
        done: [a!.id, bId],
        skipped: [
          { id: adminId, code: 'YOU_CANNOT_BAN_YOURSELF', message: 'You cannot ban yourself' },
          { id: missingId, code: 'NOT_FOUND', message: 'User not found' },
        ],
      });
      const state = async () =>
        (
          await db
            .select({ email: user.email, banned: user.banned })
            .from(user)
            .where(inArray(user.id, [a!.id, bId, adminId]))
        ).sort((x, y) => x.email.localeCompare(y.email));
      expect(await state()).toEqual([
        { email: 'admin@example.com', banned: false },
        { email: 'bulk.a@example.org', banned: true },
        { email: 'bulk.b@example.org', banned: true },
      ]);
      expect((await db.select().from(session).where(eq(session.userId, a!.id))).length).toBe(0);
      expect(await audited('user.banned', [a!.id, bId, adminId])).toEqual([
        ['bulk.a@example.org', adminId],
        ['bulk.b@example.org', adminId],
      ]);
      // Already banned: left as it was, with why (in the caller's language).
      const again = await api<Bulk>('POST', '/users/bulk/ban', { cookie: admin, body: { ids: [bId] }, language: 'fr' });
      expect(again.body).toEqual({ done: [], skipped: [{ id: bId, code: 'ALREADY_BANNED', message: 'Déjà banni' }] });

      const unbanned = await api<Bulk>('POST', '/users/bulk/unban', { cookie: admin, body: { ids: [a!.id, bId, adminId] } });
      expect(unbanned.body).toEqual({ done: [a!.id, bId], skipped: [{ id: adminId, code: 'NOT_BANNED', message: 'Not banned' }] });
      expect((await state()).map((row) => row.banned)).toEqual([false, false, false]);
      expect(await audited('user.unbanned', [a!.id, bId, adminId])).toEqual([
        ['bulk.a@example.org', adminId],
        ['bulk.b@example.org', adminId],
      ]);
      await db.delete(user).where(inArray(user.id, [a!.id, bId]));
    });

    it('deletes several users, each audited as a deletion; never oneself', async () => {
      const db = await database();
      const ids = [crypto.randomUUID(), crypto.randomUUID()];
      await db.insert(user).values(ids.map((id, i) => ({ id, name: `Bulk Delete ${i}`, email: `bulk.delete.${i}@example.org` })));
      const res = await api<Bulk>('POST', '/users/bulk/delete', { cookie: admin, body: { ids: [...ids, adminId, ids[0]] } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        done: ids,
        skipped: [{ id: adminId, code: 'YOU_CANNOT_REMOVE_YOURSELF', message: 'You cannot remove yourself' }],
      });
      expect(
        await db
          .select({ id: user.id })
          .from(user)
          .where(inArray(user.id, [...ids, adminId])),
      ).toEqual([{ id: adminId }]);
      expect(await audited('user.deleted', [...ids, adminId])).toEqual([
        ['bulk.delete.0@example.org', adminId],
        ['bulk.delete.1@example.org', adminId],
      ]);
    });

    it('refuses a user with 403, no ids or more than 100 with 400, and changes nothing', async () => {
      const db = await database();
      const id = crypto.randomUUID();
      await db.insert(user).values({ id, name: 'Bulk Kept', email: 'bulk.kept@example.org' });
      const plain = await signIn('user@example.com');
      for (const action of ['ban', 'unban', 'delete']) {
        const res = await api<ApiError>('POST', `/users/bulk/${action}`, { cookie: plain, body: { ids: [id] } });
        expect([res.status, res.body.message], action).toEqual([403, 'You are not allowed to access resource: user']);
      }
      for (const ids of [[], Array.from({ length: 101 }, () => crypto.randomUUID())]) {
        const res = await api<ApiError>('POST', '/users/bulk/ban', {
          cookie: admin,
          body: { ids: [id, ...ids].slice(ids.length ? 0 : 1) },
        });
        expect([res.status, Object.keys(res.body.data?.fields ?? {})]).toEqual([400, ['ids']]);
      }
      expect(await db.select({ banned: user.banned }).from(user).where(eq(user.id, id))).toEqual([{ banned: false }]);
      await db.delete(user).where(eq(user.id, id));
    });
  });

  describe('users API: create and update', () => {
    it('refuses a duplicate e-mail (any case) with the translated USER_ALREADY_EXISTS', async () => {
      const en = await api<ApiError>('POST', '/users', { cookie: admin, body: { name: 'Twin', email: 'User@Example.com' } });
      expect(en.status).toBe(409);
      expect(en.body).toMatchObject({ code: 'USER_ALREADY_EXISTS', message: 'User already exists.', data: { field: 'email' } });
      const fr = await api<ApiError>('POST', '/users', {
        cookie: admin,
        language: 'fr',
        body: { name: 'Twin', email: 'user@example.com' },
      });
      expect(fr.body.message).toBe("L'utilisateur existe déjà.");
    });

    it('answers 400 with the field of every invalid value', async () => {
      const res = await api<ApiError>('POST', '/users', { cookie: admin, body: { name: ' ', email: 'not-an-email', role: 'owner' } });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data?.fields ?? {}).sort()).toEqual(['email', 'name', 'role']);
    });

    it('updates name, e-mail and role; a changed e-mail is no longer verified', async () => {
      const list = await api<List>('GET', '/users?searchTerm=user@example.com', { cookie: admin });
      const target = list.body.items[0]!;
      expect(target.emailVerified).toBe(true);
      const same = await api<ManagedUser>('PUT', `/users/${target.id}`, {
        cookie: admin,
        body: { name: 'Renamed User', email: target.email, role: 'user' },
      });
      expect(same.body).toMatchObject({ name: 'Renamed User', emailVerified: true });
      const moved = await api<ManagedUser>('PUT', `/users/${target.id}`, {
        cookie: admin,
        body: { name: 'User', email: 'moved@example.com', role: 'user' },
      });
      expect(moved.body).toMatchObject({ email: 'moved@example.com', emailVerified: false });
      const dup = await api<ApiError>('PUT', `/users/${target.id}`, {
        cookie: admin,
        body: { name: 'User', email: 'admin@example.com', role: 'user' },
      });
      expect(dup.status).toBe(409);
      await api('PUT', `/users/${target.id}`, { cookie: admin, body: { name: 'User', email: 'user@example.com', role: 'user' } });
      const gone = await api<ApiError>('PUT', '/users/no-such-id', { cookie: admin, body: { name: 'X', email: 'x@example.com' } });
      expect(gone.status).toBe(404);
    });
  });

  describe("users API: a user's sessions, and one's own", () => {
    type OwnSession = { id: string; current: boolean; impersonated: boolean };
    type UserSession = { id: string; shortToken: string };

    it('lists them with a shortened token only, ends one, and shows the owner theirs with this one marked', async () => {
      const email = `sessions-${Date.now().toString(36)}@example.org`;
      const first = await signIn(email);
      const second = await signIn(email);
      const own = await api<OwnSession[]>('GET', '/account/sessions', { cookie: second });
      expect(own.status).toBe(200);
      expect(own.body.map((s) => s.current)).toEqual([true, false]);

      const userId = (await api<List>('GET', `/users?searchTerm=${email}`, { cookie: admin })).body.items[0]!.id;
      const listed = await api<UserSession[]>('GET', `/users/${userId}/sessions`, { cookie: admin });
      expect(listed.status).toBe(200);
      expect(listed.body).toHaveLength(2);
      for (const s of listed.body) expect(s.shortToken).toMatch(/^.{4}….{4}$/);
      // No full token leaves the server, on either call.
      for (const cookie of [first, second]) {
        const token = /session_token=([^.;]+)/.exec(decodeURIComponent(cookie))![1]!;
        expect(JSON.stringify([own.body, listed.body])).not.toContain(token);
      }

      const older = own.body.find((s) => !s.current)!;
      // Another user's id with this session's id: nothing ends.
      expect((await api('DELETE', `/users/${adminId}/sessions/${older.id}`, { cookie: admin })).status).toBe(404);
      expect((await api('DELETE', `/users/${userId}/sessions/${older.id}`, { cookie: admin })).status).toBe(200);
      expect((await api('GET', '/account/sessions', { cookie: first })).status).toBe(401);
      expect((await api<OwnSession[]>('GET', '/account/sessions', { cookie: second })).body).toHaveLength(1);
      const again = await api<ApiError>('DELETE', `/users/${userId}/sessions/${older.id}`, { cookie: admin, language: 'fr' });
      expect(again.body).toMatchObject({ code: 'NOT_FOUND', message: 'Session introuvable' });
    });

    it('F14: get-session, list-sessions and admin/list-user-sessions answer without any session token', async () => {
      const email = `f14-${Date.now().toString(36)}@example.org`;
      const first = await signIn(email);
      const second = await signIn(email);
      const tokens = [first, second].map((cookie) => /session_token=([^.;]+)/.exec(decodeURIComponent(cookie))![1]!);
      const userId = (await api<List>('GET', `/users?searchTerm=${email}`, { cookie: admin })).body.items[0]!.id;

      type SessionAnswer = { session: { id: string; userId: string }; user: { email: string } };
      const answers = {
        // Answered without Better Auth, and by Better Auth itself (any query).
        'get-session': await authApi<SessionAnswer>('GET', '/get-session', { cookie: second }),
        'get-session?disableCookieCache': await authApi<SessionAnswer>('GET', '/get-session', {
          cookie: second,
          body: { disableCookieCache: true },
        }),
        'list-sessions': await authApi<Array<{ id: string }>>('GET', '/list-sessions', { cookie: second }),
        'admin/list-user-sessions': await authApi<{ sessions: Array<{ id: string }> }>('POST', '/admin/list-user-sessions', {
          cookie: admin,
          body: { userId },
        }),
      };
      for (const [name, answer] of Object.entries(answers)) {
        expect(answer.status, name).toBe(200);
        for (const token of tokens) expect(JSON.stringify(answer.body), name).not.toContain(token);
      }
      expect(answers['get-session'].body).toMatchObject({ session: { userId }, user: { email } });
      expect(answers['get-session?disableCookieCache'].body).toMatchObject({ session: { userId }, user: { email } });
      expect(answers['list-sessions'].body).toHaveLength(2);
      expect(answers['admin/list-user-sessions'].body.sessions).toHaveLength(2);
    });

    it("ends one of the caller's other sessions by id, and no one else's, nor the caller's own", async () => {
      const email = `own-revoke-${Date.now().toString(36)}@example.org`;
      const first = await signIn(email);
      const second = await signIn(email);
      const own = (await api<OwnSession[]>('GET', '/account/sessions', { cookie: second })).body;
      const current = own.find((s) => s.current)!;
      const other = own.find((s) => !s.current)!;

      // Another user cannot end it (404, as for a missing id), nor can the caller end this one.
      expect((await api('DELETE', `/account/sessions/${other.id}`, { cookie: admin })).status).toBe(404);
      const self = await api<ApiError>('DELETE', `/account/sessions/${current.id}`, { cookie: second });
      expect(self.status).toBe(404);
      expect(self.body).toMatchObject({ code: 'NOT_FOUND', message: 'Session not found' });

      const ended = await api<{ id: string }>('DELETE', `/account/sessions/${other.id}`, { cookie: second });
      expect(ended).toMatchObject({ status: 200, body: { id: other.id } });
      // That device is signed out at once; this one stays.
      expect((await api('GET', '/account/sessions', { cookie: first })).status).toBe(401);
      expect((await api<OwnSession[]>('GET', '/account/sessions', { cookie: second })).body.map((s) => s.id)).toEqual([current.id]);
      expect((await api('DELETE', `/account/sessions/${other.id}`, { cookie: second })).status).toBe(404);
    });
  });

  describe('last-admin protection', () => {
    it('keeps the only admin an admin, on every path that could take the rights away', async () => {
      const demote = await api<ApiError>('PUT', `/users/${adminId}`, {
        cookie: admin,
        body: { name: 'Admin', email: 'admin@example.com', role: 'user' },
      });
      expect(demote.status).toBe(409);
      expect(demote.body).toMatchObject({ code: 'LAST_ADMIN', message: 'The last administrator cannot be demoted, banned or deleted' });

      const setRole = await authApi('POST', '/admin/set-role', { cookie: admin, body: { userId: adminId, role: 'user' } });
      expect(setRole).toMatchObject({ status: 409, body: { code: 'LAST_ADMIN' } });
      const ban = await authApi('POST', '/admin/ban-user', { cookie: admin, body: { userId: adminId } });
      expect(ban.status).toBe(409);
      const remove = await authApi('POST', '/admin/remove-user', { cookie: admin, body: { userId: adminId } });
      expect(remove.status).toBe(409);
      const deleteSelf = await authApi('POST', '/delete-user', { cookie: admin, body: {} });
      expect(deleteSelf).toMatchObject({ status: 409, body: { code: 'LAST_ADMIN' } });

      const still = await api<ManagedUser>('GET', `/users/${adminId}`, { cookie: admin });
      expect(still.body).toMatchObject({ role: 'admin', banned: false });
    });

    it('issue 16 item 4: flags the last admin in the detail response, and no one else', async () => {
      const only = await api<ManagedUser & { lastAdmin: boolean }>('GET', `/users/${adminId}`, { cookie: admin });
      expect(only.body).toMatchObject({ email: 'admin@example.com', lastAdmin: true });
      const regular = await api<List>('GET', '/users?searchTerm=user@example.com', { cookie: admin });
      const other = await api<ManagedUser & { lastAdmin: boolean }>('GET', `/users/${regular.body.items[0]!.id}`, { cookie: admin });
      expect(other.body.lastAdmin).toBe(false);
      const second = await api<ManagedUser>('POST', '/users', {
        cookie: admin,
        body: { name: 'Flag Second', email: 'flag-second@example.com', role: 'admin' },
      });
      expect((await api<{ lastAdmin: boolean }>('GET', `/users/${adminId}`, { cookie: admin })).body.lastAdmin).toBe(false);
      expect((await api<{ lastAdmin: boolean }>('GET', `/users/${second.body.id}`, { cookie: admin })).body.lastAdmin).toBe(false);
      const demoted = await api('PUT', `/users/${second.body.id}`, {
        cookie: admin,
        body: { name: 'Flag Second', email: 'flag-second@example.com', role: 'user' },
      });
      expect(demoted.status).toBe(200);
      expect((await api<{ lastAdmin: boolean }>('GET', `/users/${adminId}`, { cookie: admin })).body.lastAdmin).toBe(true);
    });

    it('lets one of two admins demote the other, but never both at once', async () => {
      const second = await api<ManagedUser>('POST', '/users', {
        cookie: admin,
        body: { name: 'Second', email: 'second-admin@example.com', role: 'admin' },
      });
      expect(second.status).toBe(201);
      const secondCookie = await signIn('second-admin@example.com');
      // Not the last admin any more, but banning oneself is still refused.
      const banSelf = await authApi('POST', '/admin/ban-user', { cookie: admin, body: { userId: adminId } });
      expect(banSelf).toMatchObject({ status: 400, body: { code: 'YOU_CANNOT_BAN_YOURSELF' } });
      const body = (name: string, email: string) => ({ name, email, role: 'user' });
      const [a, b] = await Promise.all([
        api('PUT', `/users/${second.body.id}`, { cookie: admin, body: body('Second', 'second-admin@example.com') }),
        api('PUT', `/users/${adminId}`, { cookie: secondCookie, body: body('Admin', 'admin@example.com') }),
      ]);
      // One wins; the other is refused by the last-admin check (409) or, if the winner landed first, as no longer admin (403).
      expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
      expect([409, 403]).toContain(a.status === 200 ? b.status : a.status);
      const [restorer, restored, name, email] =
        a.status === 200
          ? [admin, second.body.id, 'Second', 'second-admin@example.com']
          : [secondCookie, adminId, 'Admin', 'admin@example.com'];
      const back = await api('PUT', `/users/${restored}`, { cookie: restorer, body: { name, email, role: 'admin' } });
      expect(back.status).toBe(200);
      if (a.status !== 200) admin = await signIn('admin@example.com');
    });
  });
}

/** The bulk actions are writes: a demo refuses them as it refuses the single ones, and records the refusal. */
export function usersBulkDemoSuite() {
  describe('bulk actions in demo mode', () => {
    it('refuses each with 403 DEMO_MODE, changes nothing and records the refusal', async () => {
      const cookie = await signIn('admin@example.com');
      const db = await database();
      const [target] = await db.select({ id: user.id }).from(user).where(eq(user.email, 'user@example.com'));
      const paths = [
        '/users/bulk/ban',
        '/users/bulk/unban',
        '/users/bulk/delete',
        // example:start
        '/books/bulk/delete',
        // example:end
      ];
      for (const path of paths) {
        const res = await api<ApiError>('POST', path, { cookie, body: { ids: [target!.id] } });
        expect([res.status, res.body.code, res.body.message], path).toEqual([
          403,
          'DEMO_MODE',
          'This is a read-only demo, this action is disabled.',
        ]);
      }
      expect(await db.select({ banned: user.banned }).from(user).where(eq(user.id, target!.id))).toEqual([{ banned: false }]);
      const refused = await db.select({ details: auditEvent.details }).from(auditEvent).where(eq(auditEvent.action, 'demo.refused'));
      expect(refused.map((row) => (row.details as { path?: string }).path)).toEqual(expect.arrayContaining(paths));
    });
  });
}
