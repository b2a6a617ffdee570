// Every recorded action is made through the real APIs; the events are read from the table.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { database } from '#/server/db/index.ts';
import { queryRows } from '#/server/db/client.ts';
import { pruneAuditEvents } from '#/server/audit/prune.ts';
import { api, authApi, codeSentAfter, newestMailId, signIn } from './api.ts';

interface EventRow {
  id: string;
  action: string;
  actor_id: string | null;
  actor_name: string | null;
  impersonator_id: string | null;
  impersonator_name: string | null;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  details: Record<string, unknown> | null;
}
type List = {
  items: Array<{ id: string; action: string; actorName: string | null; targetId: string | null }>;
  nextCursor: string | null;
  total: number | null;
  totalCapped: boolean;
};

let admin: string;
let adminId: string;
let userId: string;
let mark = 0;

/** The events after it are the ones an action wrote. */
async function markEvents() {
  const [row] = await queryRows<{ id: string | null }>(await database(), sql`select max(id)::text as id from audit_event`);
  mark = Number(row?.id ?? 0);
}

async function eventsSinceMark(): Promise<EventRow[]> {
  // By the column: the `id` selected is text, in whose order "100" comes before "99".
  return queryRows<EventRow>(
    await database(),
    sql`select id::text, action, actor_id, actor_name, impersonator_id, impersonator_name, target_type, target_id, target_label, changes, details
        from audit_event where id > ${mark} order by audit_event.id`,
  );
}

async function userIdOf(email: string) {
  const [row] = await queryRows<{ id: string }>(await database(), sql`select id from "user" where email = ${email}`);
  return row!.id;
}

async function signInThroughApi(email: string): Promise<string> {
  const before = newestMailId();
  const sent = await authApi('POST', '/email-otp/send-verification-otp', { body: { email, type: 'sign-in' } });
  expect(sent.status).toBe(200);
  const otp = await codeSentAfter(email, before);
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: 'http://localhost:3000' };
  const { handleAuthRequest } = await import('#/server/auth-handler.ts');
  const res = await handleAuthRequest(
    new Request('http://localhost:3000/api/auth/sign-in/email-otp', { method: 'POST', headers, body: JSON.stringify({ email, otp }) }),
  );
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function failAfterEventLabelled(label: string) {
  const db = await database();
  await db.execute(
    sql.raw(`create or replace function test_fail_after_audit() returns trigger language plpgsql as $$
      begin if new.target_label = '${label}' then raise exception 'failing after the event'; end if; return new; end $$`),
  );
  await db.execute(sql`drop trigger if exists test_fail_after_audit on audit_event`);
  await db.execute(
    sql`create trigger test_fail_after_audit after insert on audit_event for each row execute function test_fail_after_audit()`,
  );
}

export function auditApiSuite() {
  // Every call comes from one address: fresh rate-limit counters for each test.
  beforeEach(async () => {
    await (await database()).execute(sql`delete from rate_limit`);
  });

  beforeAll(async () => {
    admin = await signIn('admin@example.com');
    adminId = await userIdOf('admin@example.com');
    userId = await userIdOf('user@example.com');
  });

  describe('audit log: product API writes', () => {
    // example:start
    it('records a book created, updated and deleted: one event each, by the admin, with the changed fields', async () => {
      await markEvents();
      const created = await api<{ id: string }>('POST', '/books', { cookie: admin, body: { title: 'Audit Trail', author: 'Ann Auditor' } });
      expect(created.status).toBe(201);
      const id = created.body.id;
      expect((await api('PUT', `/books/${id}`, { cookie: admin, body: { title: 'Audit Trails', author: 'Ann Auditor' } })).status).toBe(
        200,
      );
      expect((await api('DELETE', `/books/${id}`, { cookie: admin })).status).toBe(200);
      const events = await eventsSinceMark();
      expect(
        events.map((e) => [e.action, e.actor_id, e.actor_name, e.impersonator_id, e.target_type, e.target_id, e.target_label]),
      ).toEqual([
        ['book.created', adminId, 'Admin', null, 'book', id, 'Audit Trail'],
        ['book.updated', adminId, 'Admin', null, 'book', id, 'Audit Trails'],
        ['book.deleted', adminId, 'Admin', null, 'book', id, 'Audit Trails'],
      ]);
      expect(events[1]!.changes).toEqual({ title: { before: 'Audit Trail', after: 'Audit Trails' } });
    });
    // example:end

    it('records a genre created, and a user created, updated and a session of theirs ended', async () => {
      await markEvents();
      // example:start
      const genre = await api<{ id: string }>('POST', '/genres', { cookie: admin, body: { name: 'Audited', color: '#123456' } });
      expect(genre.status).toBe(201);
      // example:end
      const created = await api<{ id: string }>('POST', '/users', {
        cookie: admin,
        body: { name: 'Ora Audit', email: 'ora.audit@example.org', role: 'user' },
      });
      expect(created.status).toBe(201);
      const updated = await api('PUT', `/users/${created.body.id}`, {
        cookie: admin,
        body: { name: 'Ora Audited', email: 'ora.audit@example.org', role: 'user' },
      });
      expect(updated.status).toBe(200);
      const events = await eventsSinceMark();
      expect(events.map((e) => [e.action, e.actor_id, e.target_type, e.target_label])).toEqual([
        // example:start
        ['genre.created', adminId, 'genre', 'Audited'],
        // example:end
        ['user.created', adminId, 'user', 'ora.audit@example.org'],
        ['user.updated', adminId, 'user', 'ora.audit@example.org'],
      ]);
      expect(events.find((e) => e.action === 'user.updated')!.changes).toEqual({ name: { before: 'Ora Audit', after: 'Ora Audited' } });

      const cookie = await signIn('ora.audit@example.org');
      const [session] = await api<Array<{ id: string }>>('GET', `/users/${created.body.id}/sessions`, { cookie: admin }).then(
        (r) => r.body,
      );
      await markEvents();
      expect((await api('DELETE', `/users/${created.body.id}/sessions/${session!.id}`, { cookie: admin })).status).toBe(200);
      expect((await eventsSinceMark()).map((e) => [e.action, e.actor_id, e.target_id, e.details])).toEqual([
        ['session.revoked', adminId, created.body.id, { scope: 'one', sessionId: session!.id }],
      ]);
      expect((await api('GET', '/account/sessions', { cookie })).status).toBe(401);
    });

    // example:start
    it('a change that fails after its event is written leaves neither the change nor the event', async () => {
      await failAfterEventLabelled('Doomed Book');
      await markEvents();
      const res = await api('POST', '/books', { cookie: admin, body: { title: 'Doomed Book', author: 'Nobody' } });
      expect(res.status).toBe(500);
      expect(await eventsSinceMark()).toEqual([]);
      const db = await database();
      expect(await queryRows(db, sql`select id from book where title = 'Doomed Book'`)).toEqual([]);
      await db.execute(sql`drop trigger test_fail_after_audit on audit_event`);
    });
    // example:end
  });

  describe('audit log: auth API', () => {
    it('records a code requested, a wrong code, a sign-in with its method, a name change and a sign-out', async () => {
      await markEvents();
      const sent = await authApi('POST', '/email-otp/send-verification-otp', { body: { email: 'user@example.com', type: 'sign-in' } });
      expect(sent.status).toBe(200);
      const wrong = await authApi('POST', '/sign-in/email-otp', { body: { email: 'user@example.com', otp: '000000' } });
      expect(wrong.status).toBe(400);
      const cookie = await signInThroughApi('user@example.com');
      expect((await authApi('POST', '/update-user', { cookie, body: { name: 'User Renamed' } })).status).toBe(200);
      expect((await authApi('POST', '/update-user', { cookie, body: { name: 'User' } })).status).toBe(200);
      expect((await authApi('POST', '/sign-out', { cookie, body: {} })).status).toBe(200);
      const events = await eventsSinceMark();
      expect(events.map((e) => [e.action, e.actor_id, e.target_id, e.details])).toEqual([
        ['auth.code-requested', null, userId, null],
        ['auth.wrong-code', null, userId, { method: 'email-otp', code: 'INVALID_OTP' }],
        ['auth.code-requested', null, userId, null],
        ['auth.sign-in', userId, userId, { method: 'email-otp' }],
        ['account.updated', userId, userId, null],
        ['account.updated', userId, userId, null],
        ['auth.sign-out', userId, userId, null],
      ]);
      expect(events[4]!.changes).toEqual({ name: { before: 'User', after: 'User Renamed' } });
      expect(events[4]!.actor_name).toBe('User');
      // A code never reaches the log.
      expect(JSON.stringify(events)).not.toContain('000000');
    });

    it('records one’s own sessions ended: one, the others, all', async () => {
      const email = 'owen.sessions@example.org';
      await api('POST', '/users', { cookie: admin, body: { name: 'Owen Sessions', email, role: 'user' } });
      const id = await userIdOf(email);
      const first = await signInThroughApi(email);
      const second = await signInThroughApi(email);
      // From its cookie: no answer gives a token out.
      const secondToken = decodeURIComponent(/better-auth\.session_token=([^.;]+)/.exec(second)![1]!);
      await markEvents();
      expect((await authApi('POST', '/revoke-session', { cookie: first, body: { token: secondToken } })).status).toBe(200);
      expect((await eventsSinceMark()).map((e) => [e.action, e.actor_id, e.target_id, e.details])).toEqual([
        ['session.revoked', id, id, { scope: 'one' }],
      ]);
      await signInThroughApi(email);
      await markEvents();
      expect((await authApi('POST', '/revoke-other-sessions', { cookie: first, body: {} })).status).toBe(200);
      expect((await authApi('POST', '/revoke-sessions', { cookie: first, body: {} })).status).toBe(200);
      const events = await eventsSinceMark();
      expect(events.map((e) => [e.action, e.actor_id, e.target_id, e.details])).toEqual([
        ['session.revoked', id, id, { scope: 'others' }],
        ['session.revoked', id, id, { scope: 'all' }],
      ]);
    });

    it('records onboarding of a new account', async () => {
      await markEvents();
      const cookie = await signInThroughApi('newcomer.audit@example.org');
      const id = await userIdOf('newcomer.audit@example.org');
      const onboarded = await authApi('POST', '/update-user', {
        cookie,
        body: { name: 'New Comer', onboardedAt: new Date().toISOString() },
      });
      expect(onboarded.status).toBe(200);
      const events = await eventsSinceMark();
      expect(events.map((e) => [e.action, e.actor_id, e.target_id])).toEqual([
        ['auth.code-requested', null, null],
        ['auth.sign-in', id, id],
        ['account.onboarded', id, id],
      ]);
      expect(events[2]!.changes?.name).toEqual({ before: '', after: 'New Comer' });
      // Before onboarding they have no name: named by their e-mail.
      expect(events[1]!.actor_name).toBe('newcomer.audit@example.org');
      expect(events[2]!.actor_name).toBe('New Comer');
    });

    it('records ban and unban, role changes, a refused sign-in, and ending all sessions', async () => {
      const target = await api<{ id: string }>('POST', '/users', {
        cookie: admin,
        body: { name: 'Bea Banned', email: 'bea.banned@example.org', role: 'user' },
      });
      const id = target.body.id;
      await markEvents();
      expect((await authApi('POST', '/admin/ban-user', { cookie: admin, body: { userId: id, banReason: 'spam' } })).status).toBe(200);
      const refused = await authApi('POST', '/email-otp/send-verification-otp', {
        body: { email: 'bea.banned@example.org', type: 'sign-in' },
      });
      expect(refused.status).toBe(403);
      expect((await authApi('POST', '/admin/unban-user', { cookie: admin, body: { userId: id } })).status).toBe(200);
      expect((await authApi('POST', '/admin/set-role', { cookie: admin, body: { userId: id, role: 'admin' } })).status).toBe(200);
      expect((await authApi('POST', '/admin/set-role', { cookie: admin, body: { userId: id, role: 'user' } })).status).toBe(200);
      expect((await authApi('POST', '/admin/revoke-user-sessions', { cookie: admin, body: { userId: id } })).status).toBe(200);
      const events = await eventsSinceMark();
      expect(events.map((e) => [e.action, e.actor_id, e.target_id])).toEqual([
        ['user.banned', adminId, id],
        ['auth.sign-in-refused', null, id],
        ['user.unbanned', adminId, id],
        ['user.role-changed', adminId, id],
        ['user.role-changed', adminId, id],
        ['session.revoked', adminId, id],
      ]);
      expect(events[0]!.changes).toEqual({ banned: { before: false, after: true }, banReason: { before: null, after: 'spam' } });
      expect(events[1]!.details).toEqual({ method: 'email-otp', reason: 'banned' });
      expect(events[2]!.changes).toEqual({ banned: { before: true, after: false }, banReason: { before: 'spam', after: null } });
      expect(events[3]!.changes).toEqual({ role: { before: 'user', after: 'admin' } });
      expect(events[5]!.details).toEqual({ scope: 'all' });
    });

    it('records an impersonation: its start, what the admin did as the user, its stop; the user sees them', async () => {
      await markEvents();
      const started = await authApi<{ session: unknown }>('POST', '/admin/impersonate-user', { cookie: admin, body: { userId } });
      expect(started.status).toBe(200);
      const asUser = await (async () => {
        const { handleAuthRequest } = await import('#/server/auth-handler.ts');
        const res = await handleAuthRequest(
          new Request('http://localhost:3000/api/auth/admin/impersonate-user', {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie: admin },
            body: JSON.stringify({ userId }),
          }),
        );
        // The response first clears the admin's cookie, then sets the impersonation's.
        const cookies = new Map(res.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
        return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      })();
      expect((await authApi('POST', '/update-user', { cookie: asUser, body: { name: 'User As Admin' } })).status).toBe(200);
      expect((await authApi('POST', '/update-user', { cookie: asUser, body: { name: 'User' } })).status).toBe(200);
      expect((await authApi('POST', '/admin/stop-impersonating', { cookie: asUser, body: {} })).status).toBe(200);
      const events = await eventsSinceMark();
      expect(events.map((e) => [e.action, e.actor_id, e.impersonator_id, e.impersonator_name, e.target_id])).toEqual([
        ['impersonation.started', adminId, null, null, userId],
        ['impersonation.started', adminId, null, null, userId],
        ['account.updated', userId, adminId, 'Admin', userId],
        ['account.updated', userId, adminId, 'Admin', userId],
        ['impersonation.stopped', adminId, null, null, userId],
      ]);

      const cookie = await signIn('user@example.com');
      const mine = await api<List>('GET', '/account/activity?limit=100', { cookie });
      expect(mine.status).toBe(200);
      const actions = mine.body.items.map((e) => e.action);
      expect(actions).toContain('impersonation.started');
      expect(actions).toContain('impersonation.stopped');
      expect(mine.body.items.every((e) => e.targetId === userId)).toBe(true);
    });

    it('a failing auth change leaves neither the change nor the event', async () => {
      const target = await api<{ id: string }>('POST', '/users', {
        cookie: admin,
        body: { name: 'Fay Fail', email: 'fay.fail@example.org', role: 'user' },
      });
      await failAfterEventLabelled('fay.fail@example.org');
      await markEvents();
      const ban = await authApi('POST', '/admin/ban-user', { cookie: admin, body: { userId: target.body.id } });
      expect(ban.status).toBe(500);
      expect(await eventsSinceMark()).toEqual([]);
      const db = await database();
      expect(await queryRows(db, sql`select banned from "user" where id = ${target.body.id}`)).toEqual([{ banned: false }]);
      await db.execute(sql`drop trigger test_fail_after_audit on audit_event`);
    });

    it('records deleting a user, and deleting one’s own account', async () => {
      const target = await api<{ id: string }>('POST', '/users', {
        cookie: admin,
        body: { name: 'Del Gone', email: 'del.gone@example.org', role: 'user' },
      });
      const self = await api<{ id: string }>('POST', '/users', {
        cookie: admin,
        body: { name: 'Sal Self', email: 'sal.self@example.org', role: 'user' },
      });
      const cookie = await signIn('sal.self@example.org');
      await markEvents();
      expect((await authApi('POST', '/admin/remove-user', { cookie: admin, body: { userId: target.body.id } })).status).toBe(200);
      expect((await authApi('POST', '/delete-user', { cookie, body: {} })).status).toBe(200);
      const events = await eventsSinceMark();
      expect(events.map((e) => [e.action, e.actor_id, e.target_id, e.target_label])).toEqual([
        ['user.deleted', adminId, target.body.id, 'del.gone@example.org'],
        ['account.deleted', self.body.id, self.body.id, 'sal.self@example.org'],
      ]);
    });
  });

  describe('audit log: organisations', () => {
    type Row = [string, string | null, string | null, string | null, string | null];
    const row = (e: EventRow): Row => [e.action, e.actor_id, e.target_type, e.target_id, e.target_label];
    const ok = async (path: string, cookie: string, body: Record<string, unknown>) => {
      const res = await authApi<Record<string, unknown>>('POST', path, { cookie, body });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    };
    const memberIdOf = async (organizationId: string, id: string) => {
      const [found] = await queryRows<{ id: string }>(
        await database(),
        sql`select id from member where organization_id = ${organizationId} and user_id = ${id}`,
      );
      return found!.id;
    };

    it('records each organisation, invitation, member, team and shelf change: one event, its actor, its target', async () => {
      const owner = await signIn('olga.owner@example.org');
      const guest = await signIn('gus.guest@example.org');
      const ownerId = await userIdOf('olga.owner@example.org');
      const guestId = await userIdOf('gus.guest@example.org');

      await markEvents();
      const org = await ok('/organization/create', owner, { name: 'Audit Guild', slug: 'audit-guild' });
      const orgId = org.id as string;
      let events = await eventsSinceMark();
      expect(events.map(row)).toEqual([['organization.created', ownerId, 'organization', orgId, 'Audit Guild']]);
      expect(events[0]!.details).toEqual({ slug: 'audit-guild' });

      await markEvents();
      await ok('/organization/update', owner, { organizationId: orgId, data: { name: 'Audit Guildhall' } });
      events = await eventsSinceMark();
      expect(events.map(row)).toEqual([['organization.updated', ownerId, 'organization', orgId, 'Audit Guildhall']]);
      expect(events[0]!.changes).toEqual({ name: { before: 'Audit Guild', after: 'Audit Guildhall' } });

      const invite = async () => {
        // More invitations than the address's e-mail quota allows.
        await (await database()).execute(sql`delete from email_quota`);
        const sent = await ok('/organization/invite-member', owner, {
          organizationId: orgId,
          email: 'gus.guest@example.org',
          role: 'member',
        });
        return sent.id as string;
      };
      await markEvents();
      const first = await invite();
      await ok('/organization/cancel-invitation', owner, { invitationId: first });
      const second = await invite();
      await ok('/organization/reject-invitation', guest, { invitationId: second });
      const third = await invite();
      await ok('/organization/accept-invitation', guest, { invitationId: third });
      events = await eventsSinceMark();
      expect(events.map(row)).toEqual([
        ['invitation.created', ownerId, 'invitation', first, 'gus.guest@example.org'],
        ['invitation.canceled', ownerId, 'invitation', first, 'gus.guest@example.org'],
        ['invitation.created', ownerId, 'invitation', second, 'gus.guest@example.org'],
        ['invitation.rejected', guestId, 'invitation', second, 'gus.guest@example.org'],
        ['invitation.created', ownerId, 'invitation', third, 'gus.guest@example.org'],
        ['invitation.accepted', guestId, 'invitation', third, 'gus.guest@example.org'],
      ]);
      expect(events[0]!.details).toEqual({ organizationId: orgId, role: 'member' });

      const guestMember = await memberIdOf(orgId, guestId);
      await markEvents();
      await ok('/organization/update-member-role', owner, { organizationId: orgId, memberId: guestMember, role: 'admin' });
      await ok('/organization/leave', guest, { organizationId: orgId });
      events = await eventsSinceMark();
      expect(events.map(row)).toEqual([
        ['member.updated', ownerId, 'member', guestMember, 'gus.guest@example.org'],
        ['member.left', guestId, 'member', guestMember, 'gus.guest@example.org'],
      ]);
      expect(events[0]!.changes).toEqual({ role: { before: 'member', after: 'admin' } });
      await ok('/organization/accept-invitation', guest, { invitationId: await invite() });
      const again = await memberIdOf(orgId, guestId);
      await markEvents();
      await ok('/organization/remove-member', owner, { organizationId: orgId, memberIdOrEmail: again });
      expect((await eventsSinceMark()).map(row)).toEqual([['member.removed', ownerId, 'member', again, 'gus.guest@example.org']]);

      await ok('/organization/accept-invitation', guest, { invitationId: await invite() });
      await markEvents();
      const teamId = (await ok('/organization/create-team', owner, { organizationId: orgId, name: 'Readers' })).id as string;
      await ok('/organization/update-team', owner, { teamId, data: { name: 'Avid Readers' } });
      await ok('/organization/add-team-member', owner, { teamId, userId: guestId });
      await ok('/organization/remove-team-member', owner, { teamId, userId: guestId });
      await ok('/organization/remove-team', owner, { teamId, organizationId: orgId });
      events = await eventsSinceMark();
      expect(events.map(row)).toEqual([
        ['team.created', ownerId, 'team', teamId, 'Readers'],
        ['team.updated', ownerId, 'team', teamId, 'Avid Readers'],
        ['team.member-added', ownerId, 'team', teamId, 'Avid Readers'],
        ['team.member-removed', ownerId, 'team', teamId, 'Avid Readers'],
        ['team.deleted', ownerId, 'team', teamId, 'Avid Readers'],
      ]);
      expect(events[1]!.changes).toEqual({ name: { before: 'Readers', after: 'Avid Readers' } });
      expect(events[2]!.details).toEqual({ userId: guestId, email: 'gus.guest@example.org' });

      // example:start
      const created = await api<{ id: string }>('POST', '/books', { cookie: admin, body: { title: 'Shelved Audit', author: 'S. Helf' } });
      await markEvents();
      const added = await api<{ id: string }>('POST', '/shelf', { cookie: owner, body: { bookId: created.body.id, note: '' } });
      expect(added.status).toBe(201);
      expect((await api('DELETE', `/shelf/${added.body.id}`, { cookie: owner })).status).toBe(200);
      events = await eventsSinceMark();
      expect(events.map(row)).toEqual([
        ['shelf.added', ownerId, 'organization', orgId, 'Audit Guildhall'],
        ['shelf.removed', ownerId, 'organization', orgId, 'Audit Guildhall'],
      ]);
      expect(events[0]!.details).toEqual({ shelfItemId: added.body.id, bookId: created.body.id, title: 'Shelved Audit' });
      // example:end

      await markEvents();
      await ok('/organization/delete', owner, { organizationId: orgId });
      const spare = (await ok('/organization/create', owner, { name: 'Spare Guild', slug: 'spare-guild' })).id as string;
      expect((await api('DELETE', `/manager/organizations/${spare}`, { cookie: admin })).status).toBe(200);
      expect((await eventsSinceMark()).map(row)).toEqual([
        ['organization.deleted', ownerId, 'organization', orgId, 'Audit Guildhall'],
        ['organization.created', ownerId, 'organization', spare, 'Spare Guild'],
        ['organization.deleted', adminId, 'organization', spare, 'Spare Guild'],
      ]);
    });

    it('an organisation change that fails after its event is written leaves neither', async () => {
      const owner = await signIn('fay.fail@example.org');
      const org = await ok('/organization/create', owner, { name: 'Fragile Guild', slug: 'fragile-guild' });
      await failAfterEventLabelled('Doomed Team');
      await markEvents();
      const res = await authApi('POST', '/organization/create-team', {
        cookie: owner,
        body: { organizationId: org.id, name: 'Doomed Team' },
      });
      expect(res.status).toBe(500);
      expect(await eventsSinceMark()).toEqual([]);
      const db = await database();
      expect(await queryRows(db, sql`select id from team where name = 'Doomed Team'`)).toEqual([]);
      await db.execute(sql`drop trigger test_fail_after_audit on audit_event`);
    });
  });

  describe('audit log: reading it', () => {
    it('lists for admins only, newest first, filtered, in keyset pages', async () => {
      const cookie = await signIn('user@example.com');
      expect((await api('GET', '/audit', { cookie })).status).toBe(403);
      expect((await api('GET', '/audit')).status).toBe(401);
      const all = await api<List>('GET', '/audit?limit=5', { cookie: admin });
      expect(all.status).toBe(200);
      expect(all.body.items).toHaveLength(5);
      const ids = all.body.items.map((e) => Number(e.id));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const next = await api<List>(`GET`, `/audit?limit=5&cursor=${all.body.nextCursor}`, { cookie: admin });
      expect(Number(next.body.items[0]!.id)).toBeLessThan(ids.at(-1)!);

      const banned = await api<List>('GET', '/audit?action=user.banned', { cookie: admin });
      expect(banned.body.items.length).toBeGreaterThan(0);
      expect(banned.body.items.every((e) => e.action === 'user.banned')).toBe(true);
      const byUser = await api<List>(`GET`, `/audit?targetType=user&targetId=${userId}&actorId=${adminId}`, { cookie: admin });
      expect(new Set(byUser.body.items.map((e) => e.action))).toEqual(new Set(['impersonation.started', 'impersonation.stopped']));
      const searched = await api<List>('GET', '/audit?searchTerm=BEA.BANNED', { cookie: admin });
      expect(searched.body.items.length).toBe(7);
      // The first page is counted, as every list's is ('Showing 7 of 7'); the next pages are not.
      expect(searched.body).toMatchObject({ total: 7, totalCapped: false });
      const firstTwo = await api<List>('GET', '/audit?searchTerm=BEA.BANNED&limit=2', { cookie: admin });
      expect(firstTwo.body).toMatchObject({ total: 7, totalCapped: false });
      expect(
        (await api<List>('GET', `/audit?searchTerm=BEA.BANNED&limit=2&cursor=${firstTwo.body.nextCursor}`, { cookie: admin })).body.total,
      ).toBeNull();
      const future = await api<List>('GET', '/audit?from=2999-01-01', { cookie: admin });
      expect(future.body.items).toEqual([]);
      const bad = await api<{ code: string }>('GET', '/audit?action=nonsense', { cookie: admin });
      expect(bad.status).toBe(400);
      expect((await api('GET', '/audit?from=yesterday', { cookie: admin })).status).toBe(400);
    });

    it('refuses a range that ends before it starts with 400 and says why on `to`; the same day, or a time in it, is a range', async () => {
      type Refused = { code: string; data?: { fields?: Record<string, string> } };
      const backwards = await api<Refused>('GET', '/audit?from=2025-02-01&to=2025-01-31', { cookie: admin });
      expect(backwards.status).toBe(400);
      expect(backwards.body.data?.fields).toEqual({ to: 'The end date is before the start date.' });
      const ar = await api<Refused>('GET', '/audit?from=2025-02-01&to=2025-01-31', { cookie: admin, language: 'ar' });
      expect(ar.body.data?.fields).toEqual({ to: 'تاريخ النهاية يسبق تاريخ البداية.' });
      expect((await api('GET', '/audit?from=2025-01-31T10:00&to=2025-01-31T09:59', { cookie: admin })).status).toBe(400);
      for (const range of ['from=2025-01-31&to=2025-01-31', 'from=2025-01-31T10:00&to=2025-01-31', 'from=2025-01-31&to=2999-01-01']) {
        expect((await api('GET', `/audit?${range}`, { cookie: admin })).status, range).toBe(200);
      }
    });

    it("gives each event its actor's current picture, read in the same query (none for no actor)", async () => {
      const db = await database();
      await db.execute(sql`update "user" set image = '/uploads/users/audit-actor/picture-256.webp' where id = ${adminId}`);
      try {
        type Pictured = { items: Array<{ actorId: string | null; actorImage: string | null }> };
        const mine = await api<Pictured>('GET', `/audit?actorId=${adminId}&limit=3`, { cookie: admin });
        expect(mine.status).toBe(200);
        expect(mine.body.items.length).toBeGreaterThan(0);
        expect(mine.body.items.map((e) => e.actorImage)).toEqual(mine.body.items.map(() => '/uploads/users/audit-actor/picture-256.webp'));
        const requested = await api<Pictured>('GET', '/audit?action=auth.code-requested&limit=1', { cookie: admin });
        expect(requested.body.items[0]).toMatchObject({ actorId: null, actorImage: null });
      } finally {
        await db.execute(sql`update "user" set image = null where id = ${adminId}`);
      }
    });

    it('cannot be changed: no API updates or deletes an event, and the table refuses it', async () => {
      const [latest] = (await api<List>('GET', '/audit?limit=1', { cookie: admin })).body.items;
      for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
        const res = await api(method, `/audit/${latest!.id}`, { cookie: admin, body: method === 'DELETE' ? undefined : {} });
        expect([404, 405], method).toContain(res.status);
      }
      const db = await database();
      await expect(db.execute(sql`update audit_event set action = 'x' where id = ${Number(latest!.id)}`)).rejects.toThrow();
      await expect(db.execute(sql`delete from audit_event where id = ${Number(latest!.id)}`)).rejects.toThrow();
      await expect(db.execute(sql`truncate audit_event`)).rejects.toThrow();
      expect((await api('GET', `/audit/${latest!.id}`, { cookie: admin })).status).toBe(200);
    });

    it('exports the current filter as CSV, streamed in batches, for admins only', async () => {
      const { handleAuditCsv } = await import('#/features/audit/audit-csv.server.ts');
      const csv = (query: string, cookie?: string) =>
        handleAuditCsv(new Request(`http://localhost:3000/api/audit.csv${query}`, { headers: cookie ? { cookie } : {} }));
      expect((await csv('')).status).toBe(401);
      expect((await csv('', await signIn('user@example.com'))).status).toBe(403);
      expect((await csv('?from=soon', admin)).status).toBe(400);
      const backwards = await csv('?from=2025-02-01&to=2025-01-31', admin);
      expect(backwards.status).toBe(400);
      expect(await backwards.json()).toMatchObject({ data: { fields: { to: 'The end date is before the start date.' } } });

      const db = await database();
      // More events than one batch (1000), with a label a spreadsheet would run as a formula.
      await db.execute(
        sql`insert into audit_event (action, target_type, target_id, target_label) select 'user.deleted', 'user', 'csv-' || n, '=csv "batch"' from generate_series(1, 2500) n`,
      );
      const res = await csv('?action=user.deleted&searchTerm=csv%20%22batch', admin);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder().decode(bytes).split('\r\n').filter(Boolean);
      expect(lines[0]).toBe(
        'time,action,actor_id,actor_name,impersonator_id,impersonator_name,target_type,target_id,target_label,ip_address,user_agent,changes,details',
      );
      expect(lines).toHaveLength(2501);
      // One transaction wrote them all: newest first is by id.
      expect(lines[1]).toMatch(/^"\d{4}-\d{2}-\d{2}T[\d:.]+Z","user\.deleted",,,,,"user","csv-2500","'=csv ""batch""",,,,$/);
      expect(new Set(lines.slice(1).map((l) => l.split(',')[7])).size).toBe(2500);
    });

    it('F13: neutralises a cell that starts with a line feed, a carriage return or a full-width =, +, - or @', async () => {
      const { handleAuditCsv } = await import('#/features/audit/audit-csv.server.ts');
      const starts = ['\n', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '=', '+', '-', '@', '\t'];
      const db = await database();
      for (const [i, start] of starts.entries()) {
        await db.execute(
          sql`insert into audit_event (action, target_type, target_id, target_label) values ('user.deleted', 'user', ${`f13-${i}`}, ${`${start}HYPERLINK f13`})`,
        );
      }
      const res = await handleAuditCsv(
        new Request('http://localhost:3000/api/audit.csv?action=user.deleted&searchTerm=hyperlink%20f13', { headers: { cookie: admin } }),
      );
      expect(res.status).toBe(200);
      const text = await res.text();
      for (const start of starts) expect(text, JSON.stringify(start)).toContain(`,"'${start}HYPERLINK f13",`);
    });

    it('F10: refuses a date the database cannot hold with 400 naming the field, in the CSV export as in the API', async () => {
      const { handleAuditCsv } = await import('#/features/audit/audit-csv.server.ts');
      type Refused = { code: string; data?: { fields?: Record<string, string> } };
      for (const [query, field] of [
        ['to=9999-12-31', 'to'],
        ['from=0000-01-01', 'from'],
      ] as const) {
        const res = await handleAuditCsv(new Request(`http://localhost:3000/api/audit.csv?${query}`, { headers: { cookie: admin } }));
        expect(res.status, query).toBe(400);
        expect(await res.json(), query).toEqual({
          code: 'INPUT_VALIDATION_FAILED',
          message: 'Invalid input',
          data: { fields: { [field]: 'Enter a date such as 2025-01-31' } },
        });
        const listed = await api<Refused>('GET', `/audit?${query}`, { cookie: admin });
        expect(listed.status, query).toBe(400);
        expect(listed.body.data?.fields, query).toEqual({ [field]: 'Enter a date such as 2025-01-31' });
      }
      const edge = await handleAuditCsv(
        new Request('http://localhost:3000/api/audit.csv?from=0001-01-01&to=9999-12-30&action=auth.sign-out', {
          headers: { cookie: admin },
        }),
      );
      expect(edge.status).toBe(200);
      expect((await edge.text()).split('\r\n')[0]).toContain('time,action');
    });

    it("F6: one's own activity shows the network details of what one did, not of what an administrator did to one", async () => {
      const email = 'f6.subject@example.org';
      const created = await api<{ id: string }>('POST', '/users', { cookie: admin, body: { name: 'Fay Six', email, role: 'user' } });
      expect(created.status).toBe(201);
      const staff = { 'x-app-client-ip': '203.0.113.66', 'user-agent': 'StaffBrowser/6.6' };
      expect(
        (await api('PUT', `/users/${created.body.id}`, { cookie: admin, headers: staff, body: { name: 'Fay Sixth', email, role: 'user' } }))
          .status,
      ).toBe(200);
      expect((await authApi('POST', '/admin/ban-user', { cookie: admin, headers: staff, body: { userId: created.body.id } })).status).toBe(
        200,
      );
      expect(
        (await authApi('POST', '/admin/unban-user', { cookie: admin, headers: staff, body: { userId: created.body.id } })).status,
      ).toBe(200);
      const cookie = await signIn(email);
      const own = { 'x-app-client-ip': '198.51.100.7', 'user-agent': 'OwnBrowser/1.0' };
      expect((await authApi('POST', '/update-user', { cookie, headers: own, body: { name: 'Fay Six' } })).status).toBe(200);

      type Activity = { items: Array<{ action: string; actorId: string | null; ipAddress: string | null; userAgent: string | null }> };
      const mine = await api<Activity>('GET', '/account/activity?limit=100', { cookie });
      expect(mine.status).toBe(200);
      expect(mine.body.items[0]).toMatchObject({ action: 'account.updated', ipAddress: '198.51.100.7', userAgent: 'OwnBrowser/1.0' });
      // Who did it and when stay; where from does not.
      const byAdmin = mine.body.items.filter((e) => e.actorId === adminId);
      expect(byAdmin.map((e) => [e.action, e.ipAddress, e.userAgent])).toEqual([
        ['user.unbanned', null, null],
        ['user.banned', null, null],
        ['user.updated', null, null],
        ['user.created', null, null],
      ]);
      const full = await api<Activity>('GET', `/audit?targetType=user&targetId=${created.body.id}&action=user.banned`, { cookie: admin });
      expect(full.body.items.map((e) => [e.ipAddress, e.userAgent])).toEqual([['203.0.113.66', 'StaffBrowser/6.6']]);
    });

    it('retention removes only events older than the limit', async () => {
      const db = await database();
      // Written with an old time (insert is allowed).
      await db.execute(sql`insert into audit_event (created_at, action) values (now() - interval '400 days', 'auth.sign-out')`);
      const before = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_event`);
      expect(await pruneAuditEvents(db, 365)).toBe(1);
      const after = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_event`);
      expect(after[0]!.n).toBe(before[0]!.n - 1);
    });
  });
}
