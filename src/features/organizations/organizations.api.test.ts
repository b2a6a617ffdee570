// The statuses are written out by hand, not derived from the plugin or our code. Where the plugin
// answers 400 rather than 403 (its own choice), the row says which code.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getAuth } from '#/server/auth.ts';
import { mailboxMessages } from '#/server/email/dev-mailbox.ts';
import { authEndpointEnabled } from '#/server/auth-endpoints.ts';
import { database } from '#/server/db/index.ts';
import { env } from '#/server/env.ts';
import { CLIENT_IP_HEADER } from '#/server/http/pipeline.ts';
import { invitation, member, organization, team, teamMember, user } from '#/server/db/schema.ts';
import { api, authApi, signIn } from '../../../tests/support/api.ts';
import { identity } from '#/lib/identity.ts';
// example:start
import { book, shelfItem } from '#/server/db/schema.ts';
// example:end

// The plugin counts every organisation a user belongs to against ORG_MAX_PER_USER when they create
// one; these callers join many.
process.env.ORG_MAX_PER_USER = '1000';

type Caller = 'owner' | 'admin' | 'member' | 'other' | 'banned';
const CALLERS: Caller[] = ['owner', 'admin', 'member', 'other', 'banned'];
/** Expected statuses, in the order of CALLERS: owner, admin, member, other organisation, banned. */
type Statuses = [number, number, number, number, number];

const cookies = {} as Record<Caller, string>;
const userIds = {} as Record<Caller, string>;
const emails: Record<Caller, string> = {
  owner: 'org-owner@example.org',
  admin: 'org-admin@example.org',
  member: 'org-member@example.org',
  other: 'org-other@example.org',
  banned: 'org-banned@example.org',
};

let n = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;

/** A fresh organisation: owner, admin, member and the banned user as member; two teams with all four in the first. */
async function freshOrganization() {
  const db = await database();
  const id = crypto.randomUUID();
  await db.insert(organization).values({ id, name: 'Fixture', slug: unique('fixture') });
  const members: Record<string, string> = {};
  for (const [caller, role] of [
    ['owner', 'owner'],
    ['admin', 'admin'],
    ['member', 'member'],
    ['banned', 'member'],
  ] as const) {
    members[caller] = crypto.randomUUID();
    await db.insert(member).values({ id: members[caller], organizationId: id, userId: userIds[caller], role });
  }
  // A plain member to act on, who is none of the callers.
  const target = crypto.randomUUID();
  await db.insert(user).values({ id: target, name: 'Target', email: `${unique('target')}@example.org`, emailVerified: true });
  members.target = crypto.randomUUID();
  await db.insert(member).values({ id: members.target, organizationId: id, userId: target, role: 'member' });
  const teams = [crypto.randomUUID(), crypto.randomUUID()];
  for (const teamId of teams) await db.insert(team).values({ id: teamId, name: unique('team'), organizationId: id });
  for (const caller of ['owner', 'admin', 'member', 'banned'] as const) {
    await db.insert(teamMember).values({ id: crypto.randomUUID(), teamId: teams[0]!, userId: userIds[caller] });
  }
  await db.insert(teamMember).values({ id: crypto.randomUUID(), teamId: teams[0]!, userId: target });
  const pending = crypto.randomUUID();
  await db.insert(invitation).values({
    id: pending,
    organizationId: id,
    email: `${unique('invited')}@example.org`,
    role: 'member',
    status: 'pending',
    expiresAt: new Date(Date.now() + 86_400_000),
    inviterId: userIds.owner,
  });
  return { id, members, target, teams, pending };
}
type Fixture = Awaited<ReturnType<typeof freshOrganization>>;

type OrganizationList = {
  items: Array<{ id: string; name: string; memberCount: number }>;
  nextCursor: string | null;
  total: number | null;
  totalCapped: boolean;
};

/** An invitation for `caller`'s own address, to an organisation they are not in. */
async function invitationFor(caller: Caller) {
  const db = await database();
  const orgId = crypto.randomUUID();
  await db.insert(organization).values({ id: orgId, name: 'Inviting', slug: unique('inviting') });
  await db.insert(member).values({
    id: crypto.randomUUID(),
    organizationId: orgId,
    userId: userIds.owner === userIds[caller] ? userIds.other : userIds.owner,
    role: 'owner',
  });
  const id = crypto.randomUUID();
  await db.insert(invitation).values({
    id,
    organizationId: orgId,
    email: emails[caller],
    role: 'member',
    status: 'pending',
    expiresAt: new Date(Date.now() + 86_400_000),
    inviterId: userIds.owner === userIds[caller] ? userIds.other : userIds.owner,
  });
  return id;
}

interface Row {
  method: 'GET' | 'POST';
  path: string;
  /** Builds the call for one caller, on a fresh organisation. */
  body: (f: Fixture, caller: Caller) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Make the fixture the caller's active organisation first (endpoints that read only the session's). */
  activate?: boolean;
  expect: Statuses;
  note?: string;
}

/** Every organisation endpoint that is on. */
const AUTH_ROWS: Record<string, Row> = {
  create: {
    method: 'POST',
    path: '/organization/create',
    body: () => ({ name: 'Created', slug: unique('created') }),
    expect: [200, 200, 200, 200, 401],
  },
  'create (invalid slug)': {
    method: 'POST',
    path: '/organization/create',
    body: () => ({ name: 'Created', slug: 'Not A Slug' }),
    expect: [400, 400, 400, 400, 401],
  },
  'check-slug': {
    method: 'POST',
    path: '/organization/check-slug',
    body: () => ({ slug: unique('free') }),
    expect: [200, 200, 200, 200, 401],
  },
  update: {
    method: 'POST',
    path: '/organization/update',
    body: (f) => ({ organizationId: f.id, data: { name: 'Renamed' } }),
    // other: USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION (400)
    expect: [200, 200, 403, 400, 401],
  },
  'update (invalid slug)': {
    method: 'POST',
    path: '/organization/update',
    body: (f) => ({ organizationId: f.id, data: { slug: 'new' } }),
    expect: [400, 400, 400, 400, 401],
  },
  delete: {
    method: 'POST',
    path: '/organization/delete',
    body: (f) => ({ organizationId: f.id }),
    expect: [200, 403, 403, 400, 401],
  },
  'get-organization': {
    method: 'GET',
    path: '/organization/get-organization',
    body: (f) => ({ organizationId: f.id }),
    expect: [200, 200, 200, 403, 401],
  },
  // Answers whether the caller's role holds a permission (false for a member: still 200).
  'has-permission': {
    method: 'POST',
    path: '/organization/has-permission',
    body: (f) => ({ organizationId: f.id, permissions: { invitation: ['create'] } }),
    // other: USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION, with the plugin's 401.
    expect: [200, 200, 200, 401, 401],
  },
  'get-full-organization': {
    method: 'GET',
    path: '/organization/get-full-organization',
    body: (f) => ({ organizationId: f.id }),
    expect: [200, 200, 200, 403, 401],
  },
  'set-active': {
    method: 'POST',
    path: '/organization/set-active',
    body: (f) => ({ organizationId: f.id }),
    expect: [200, 200, 200, 403, 401],
  },
  list: { method: 'GET', path: '/organization/list', body: () => ({}), expect: [200, 200, 200, 200, 401] },
  'invite-member (as member)': {
    method: 'POST',
    path: '/organization/invite-member',
    body: (f) => ({ organizationId: f.id, email: `${unique('new')}@example.org`, role: 'member' }),
    // other: MEMBER_NOT_FOUND (400)
    expect: [200, 200, 403, 400, 401],
  },
  'invite-member (as admin)': {
    method: 'POST',
    path: '/organization/invite-member',
    body: (f) => ({ organizationId: f.id, email: `${unique('new')}@example.org`, role: 'admin' }),
    expect: [200, 200, 403, 400, 401],
  },
  'invite-member (as owner)': {
    method: 'POST',
    path: '/organization/invite-member',
    body: (f) => ({ organizationId: f.id, email: `${unique('new')}@example.org`, role: 'owner' }),
    expect: [200, 403, 403, 400, 401],
  },
  'invite-member (resend)': {
    method: 'POST',
    path: '/organization/invite-member',
    body: async (f) => {
      const db = await database();
      const [row] = await db.select({ email: invitation.email }).from(invitation).where(eq(invitation.id, f.pending));
      return { organizationId: f.id, email: row!.email, role: 'member', resend: true };
    },
    expect: [200, 200, 403, 400, 401],
  },
  'cancel-invitation': {
    method: 'POST',
    path: '/organization/cancel-invitation',
    body: (f) => ({ invitationId: f.pending }),
    expect: [200, 200, 403, 400, 401],
  },
  'list-invitations': {
    method: 'GET',
    path: '/organization/list-invitations',
    body: (f) => ({ organizationId: f.id }),
    expect: [200, 200, 200, 403, 401],
  },
  'accept-invitation (one’s own)': {
    method: 'POST',
    path: '/organization/accept-invitation',
    body: async (_, caller) => ({ invitationId: await invitationFor(caller) }),
    expect: [200, 200, 200, 200, 401],
  },
  'accept-invitation (someone else’s)': {
    method: 'POST',
    path: '/organization/accept-invitation',
    body: (f) => ({ invitationId: f.pending }),
    expect: [403, 403, 403, 403, 401],
  },
  'reject-invitation (one’s own)': {
    method: 'POST',
    path: '/organization/reject-invitation',
    body: async (_, caller) => ({ invitationId: await invitationFor(caller) }),
    expect: [200, 200, 200, 200, 401],
  },
  'reject-invitation (someone else’s)': {
    method: 'POST',
    path: '/organization/reject-invitation',
    body: (f) => ({ invitationId: f.pending }),
    expect: [403, 403, 403, 403, 401],
  },
  'get-invitation (one’s own)': {
    method: 'GET',
    path: '/organization/get-invitation',
    body: async (_, caller) => ({ id: await invitationFor(caller) }),
    expect: [200, 200, 200, 200, 401],
  },
  'get-invitation (someone else’s)': {
    method: 'GET',
    path: '/organization/get-invitation',
    body: (f) => ({ id: f.pending }),
    expect: [403, 403, 403, 403, 401],
  },
  // Without a session the plugin asks for an e-mail instead (400).
  'list-user-invitations': {
    method: 'GET',
    path: '/organization/list-user-invitations',
    body: () => ({}),
    expect: [200, 200, 200, 200, 400],
  },
  'get-active-member': {
    method: 'GET',
    path: '/organization/get-active-member',
    body: () => ({}),
    activate: true,
    // other: their own active organisation's membership.
    expect: [200, 200, 200, 200, 401],
  },
  'get-active-member-role': {
    method: 'GET',
    path: '/organization/get-active-member-role',
    body: () => ({}),
    activate: true,
    expect: [200, 200, 200, 200, 401],
  },
  'list-members': {
    method: 'GET',
    path: '/organization/list-members',
    body: (f) => ({ organizationId: f.id }),
    expect: [200, 200, 200, 403, 401],
  },
  'remove-member (a member)': {
    method: 'POST',
    path: '/organization/remove-member',
    body: (f) => ({ organizationId: f.id, memberIdOrEmail: f.members.target }),
    expect: [200, 200, 403, 400, 401],
  },
  'remove-member (the only owner)': {
    method: 'POST',
    path: '/organization/remove-member',
    body: (f) => ({ organizationId: f.id, memberIdOrEmail: f.members.owner }),
    // YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER (400) for owner and admin.
    expect: [400, 400, 403, 400, 401],
  },
  'update-member-role (to admin)': {
    method: 'POST',
    path: '/organization/update-member-role',
    body: (f) => ({ organizationId: f.id, memberId: f.members.target, role: 'admin' }),
    expect: [200, 200, 403, 400, 401],
  },
  'update-member-role (to owner)': {
    method: 'POST',
    path: '/organization/update-member-role',
    body: (f) => ({ organizationId: f.id, memberId: f.members.target, role: 'owner' }),
    expect: [200, 403, 403, 400, 401],
  },
  'update-member-role (demote the only owner)': {
    method: 'POST',
    path: '/organization/update-member-role',
    body: (f) => ({ organizationId: f.id, memberId: f.members.owner, role: 'member' }),
    // owner: YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER (400)
    expect: [400, 403, 403, 400, 401],
  },
  leave: {
    method: 'POST',
    path: '/organization/leave',
    body: (f) => ({ organizationId: f.id }),
    // owner: the only owner (400); other: MEMBER_NOT_FOUND (400)
    expect: [400, 200, 200, 400, 401],
  },
  'create-team': {
    method: 'POST',
    path: '/organization/create-team',
    body: (f) => ({ organizationId: f.id, name: unique('team') }),
    expect: [200, 200, 403, 403, 401],
  },
  'list-teams': {
    method: 'GET',
    path: '/organization/list-teams',
    body: (f) => ({ organizationId: f.id }),
    expect: [200, 200, 200, 403, 401],
  },
  'update-team': {
    method: 'POST',
    path: '/organization/update-team',
    body: (f) => ({ teamId: f.teams[0], data: { organizationId: f.id, name: unique('renamed') } }),
    expect: [200, 200, 403, 403, 401],
  },
  'remove-team': {
    method: 'POST',
    path: '/organization/remove-team',
    body: (f) => ({ organizationId: f.id, teamId: f.teams[1] }),
    expect: [200, 200, 403, 403, 401],
  },
  'set-active-team': {
    method: 'POST',
    path: '/organization/set-active-team',
    body: (f) => ({ teamId: f.teams[0] }),
    activate: true,
    // other: the team is not in their active organisation (TEAM_NOT_FOUND, 400).
    expect: [200, 200, 200, 400, 401],
  },
  'list-user-teams': { method: 'GET', path: '/organization/list-user-teams', body: () => ({}), expect: [200, 200, 200, 200, 401] },
  'list-team-members': {
    method: 'GET',
    path: '/organization/list-team-members',
    body: (f) => ({ teamId: f.teams[0]! }),
    activate: true,
    // other: not a member of that team (400).
    expect: [200, 200, 200, 400, 401],
  },
  'add-team-member': {
    method: 'POST',
    path: '/organization/add-team-member',
    body: (f) => ({ organizationId: f.id, teamId: f.teams[1], userId: f.target }),
    expect: [200, 200, 403, 400, 401],
  },
  'remove-team-member': {
    method: 'POST',
    path: '/organization/remove-team-member',
    body: (f) => ({ organizationId: f.id, teamId: f.teams[0], userId: f.target }),
    expect: [200, 200, 403, 400, 401],
  },
};

/** Endpoints that are off (src/server/auth-endpoints.ts lists /organization/* as on: none today). */
const OFF: string[] = [];

let otherOrg: string;
// example:start
let aBook: string;
// example:end

/** The fixture becomes the caller's active organisation; "other" (not a member) keeps their own. */
async function makeActive(caller: Caller, organizationId: string) {
  const body = { organizationId: caller === 'other' ? otherOrg : organizationId };
  await authApi('POST', '/organization/set-active', { cookie: cookies[caller], body });
}

beforeAll(async () => {
  for (const caller of CALLERS) cookies[caller] = await signIn(emails[caller]);
  const db = await database();
  for (const caller of CALLERS) {
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, emails[caller]));
    userIds[caller] = row!.id;
  }
  // "other" is the owner of an organisation of their own, active on their session.
  const created = await authApi<{ id: string }>('POST', '/organization/create', {
    cookie: cookies.other,
    body: { name: 'Elsewhere', slug: unique('elsewhere') },
  });
  expect(created.status).toBe(200);
  otherOrg = created.body.id;
  // example:start
  const [first] = await db.select({ id: book.id }).from(book).limit(1);
  aBook = first!.id;
  // example:end
  // The banned user: a member of every fixture; banning ends their sessions.
  const auth = await getAuth();
  const admin = await signIn('admin@example.com');
  await auth.api.banUser({ body: { userId: userIds.banned, banReason: 'organisations' }, headers: new Headers({ cookie: admin }) });
});

describe('organisation endpoints: the table lists every one that is on', () => {
  it('covers every /organization/ path of the auth API', async () => {
    const auth = await getAuth();
    const doc = (await auth.api.generateOpenAPISchema()) as { paths: Record<string, unknown> };
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith('/organization/'));
    const listed = new Set([...Object.values(AUTH_ROWS).map((r) => r.path), ...OFF]);
    expect(paths.filter((p) => authEndpointEnabled(p) && !listed.has(p))).toEqual([]);
  });
});

describe.each(CALLERS)('organisation endpoints as %s', (caller) => {
  it.each(Object.keys(AUTH_ROWS))('%s', async (label) => {
    const row = AUTH_ROWS[label]!;
    const f = await freshOrganization();
    if (row.activate) await makeActive(caller, f.id);
    const res = await authApi<{ code?: string }>(row.method, row.path, { cookie: cookies[caller], body: await row.body(f, caller) });
    expect(res.status, `${caller} ${label}: ${JSON.stringify(res.body)}`).toBe(row.expect[CALLERS.indexOf(caller)]);
  });
});

describe('organisation endpoints: the codes a refusal carries', () => {
  it('a plain member who removes someone gets 403 YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER, not 401', async () => {
    const f = await freshOrganization();
    const res = await authApi<{ code: string }>('POST', '/organization/remove-member', {
      cookie: cookies.member,
      body: { organizationId: f.id, memberIdOrEmail: f.members.target },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER');
  });

  it('an admin cannot invite an owner; the last owner cannot leave', async () => {
    const f = await freshOrganization();
    const invite = await authApi<{ code: string }>('POST', '/organization/invite-member', {
      cookie: cookies.admin,
      body: { organizationId: f.id, email: `${unique('x')}@example.org`, role: 'owner' },
    });
    expect(invite.body.code).toBe('YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE');
    const leave = await authApi<{ code: string }>('POST', '/organization/leave', { cookie: cookies.owner, body: { organizationId: f.id } });
    expect(leave.body.code).toBe('YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER');
  });

  it('refuses a slug that breaks the rules with INVALID_SLUG, and a taken one', async () => {
    for (const slug of ['ab', 'Upper', 'two--hyphens', '-edge', 'new', 'x'.repeat(49)]) {
      const res = await authApi<{ code: string }>('POST', '/organization/create', { cookie: cookies.owner, body: { name: 'Slug', slug } });
      expect(res.status, slug).toBe(400);
      expect(res.body.code, slug).toBe('INVALID_SLUG');
    }
    const f = await freshOrganization();
    const [row] = await (await database()).select({ slug: organization.slug }).from(organization).where(eq(organization.id, f.id));
    const taken = await authApi<{ code: string }>('POST', '/organization/create', {
      cookie: cookies.owner,
      body: { name: 'Taken', slug: row!.slug },
    });
    expect(taken.body.code).toBe('ORGANIZATION_ALREADY_EXISTS');
  });
});

describe('the member limit (ORG_MAX_MEMBERS)', () => {
  // The race only shows on PostgreSQL (organizations.api.pg.test.ts): the embedded database has one connection.
  it('F9: six simultaneous accepts for the last three places make exactly three members; the others get 403 ORGANIZATION_MEMBERSHIP_LIMIT_REACHED', async () => {
    const limit = env().organizations.maxMembers;
    const db = await database();
    const orgId = crypto.randomUUID();
    await db.insert(organization).values({ id: orgId, name: 'Nearly full', slug: unique('nearly-full') });
    const fillers = Array.from({ length: limit - 3 }, () => ({
      id: crypto.randomUUID(),
      name: 'Filler',
      email: `${unique('filler')}@example.org`,
      emailVerified: true,
    }));
    await db.insert(user).values(fillers);
    await db
      .insert(member)
      .values(fillers.map((f, i) => ({ id: crypto.randomUUID(), organizationId: orgId, userId: f.id, role: i ? 'member' : 'owner' })));
    const invitees = Array.from({ length: 6 }, () => `${unique('joiner')}@example.org`);
    const calls = await Promise.all(
      invitees.map(async (email) => {
        const id = crypto.randomUUID();
        await db.insert(invitation).values({
          id,
          organizationId: orgId,
          email,
          role: 'member',
          status: 'pending',
          expiresAt: new Date(Date.now() + 86_400_000),
          inviterId: fillers[0]!.id,
        });
        return { id, cookie: await signIn(email) };
      }),
    );
    // Six clients: from one address they would queue on its rate-limit counter, as they do not in production.
    const answers = await Promise.all(
      calls.map(({ id, cookie }, i) =>
        authApi<{ code?: string }>('POST', '/organization/accept-invitation', {
          cookie,
          body: { invitationId: id },
          headers: { [CLIENT_IP_HEADER]: `203.0.113.${i + 1}` },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 403, 403, 403]);
    expect(answers.filter((a) => a.status === 403).map((a) => a.body.code)).toEqual(Array(3).fill('ORGANIZATION_MEMBERSHIP_LIMIT_REACHED'));
    const members = await db.select({ id: member.id }).from(member).where(eq(member.organizationId, orgId));
    expect(members).toHaveLength(limit);
  });
});

describe('an organisation’s name and slug', () => {
  it('F11: refuses a link or a line break in the name on create and update, with a translated 400 that names the field', async () => {
    const fr = { 'accept-language': 'fr' };
    const refusal = {
      code: 'INVALID_ORGANIZATION_NAME',
      message: "Le nom n'est pas valide",
      fields: { name: 'Utilisez des lettres, des chiffres et de la ponctuation, sans lien ni balise' },
    };
    for (const name of [
      'Security notice: verify at https://evil.example/login',
      'Acme www.evil.example',
      'Acme evil.example/verify',
      'Acme\nSecurity notice',
      'Acme \u202egnp.exe',
    ]) {
      const slug = unique('linked');
      const res = await authApi('POST', '/organization/create', { cookie: cookies.owner, body: { name, slug }, headers: fr });
      expect(res.status, name).toBe(400);
      expect(res.body, name).toMatchObject(refusal);
      expect(await (await database()).select().from(organization).where(eq(organization.slug, slug))).toEqual([]);
    }
    const f = await freshOrganization();
    const update = await authApi('POST', '/organization/update', {
      cookie: cookies.owner,
      body: { organizationId: f.id, data: { name: 'Verify at https://evil.example' } },
      headers: fr,
    });
    expect(update.status).toBe(400);
    expect(update.body).toMatchObject({ code: 'INVALID_ORGANIZATION_NAME', fields: { 'data.name': refusal.fields.name } });
    const [row] = await (await database()).select({ name: organization.name }).from(organization).where(eq(organization.id, f.id));
    expect(row?.name).toBe('Fixture');
    // Names with dots and colons that are no links stay allowed.
    const fine = await authApi('POST', '/organization/create', {
      cookie: cookies.owner,
      body: { name: 'Booking.com: Node.js readers', slug: unique('fine') },
    });
    expect(fine.status).toBe(200);
  });

  it('F13: stores the name and slug trimmed on create and update; a name or a slug of only spaces is refused as empty', async () => {
    const slug = unique('trimmed');
    const created = await authApi<{ id: string; name: string; slug: string }>('POST', '/organization/create', {
      cookie: cookies.owner,
      body: { name: '  Acme  ', slug: `  ${slug}  ` },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Acme', slug });
    const db = await database();
    const stored = async () =>
      (
        await db.select({ name: organization.name, slug: organization.slug }).from(organization).where(eq(organization.id, created.body.id))
      )[0];
    expect(await stored()).toEqual({ name: 'Acme', slug });
    const updated = await authApi('POST', '/organization/update', {
      cookie: cookies.owner,
      body: { organizationId: created.body.id, data: { name: '\tAcme Readers  ', slug: ` ${slug}-2 ` } },
    });
    expect(updated.status).toBe(200);
    expect(await stored()).toEqual({ name: 'Acme Readers', slug: `${slug}-2` });
    const blank = await authApi('POST', '/organization/create', { cookie: cookies.owner, body: { name: '    ', slug: unique('blank') } });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ code: 'INVALID_ORGANIZATION_NAME', fields: { name: 'Name is required' } });
    const noSlug = await authApi('POST', '/organization/create', { cookie: cookies.owner, body: { name: 'Acme', slug: '   ' } });
    expect(noSlug.status).toBe(400);
    expect(noSlug.body).toMatchObject({ code: 'INVALID_SLUG', fields: { slug: 'Slug is required' } });
  });
});

// example:start
/** The shelf: rows of the session's active organisation only. */
const SHELF_ROWS: Record<string, { method: string; path: (f: Fixture, item: string) => string; body?: () => unknown; expect: Statuses }> = {
  // other: their own organisation's shelf.
  'GET /shelf': { method: 'GET', path: () => '/shelf', expect: [200, 200, 200, 200, 401] },
  'GET /shelf/{id}': { method: 'GET', path: (_, item) => `/shelf/${item}`, expect: [200, 200, 200, 404, 401] },
  'POST /shelf': {
    method: 'POST',
    path: () => '/shelf',
    body: () => ({ bookId: aBook, note: 'A note' }),
    // other: onto their own organisation's shelf (once; the book is then there).
    expect: [201, 201, 201, 201, 401],
  },
  'DELETE /shelf/{id}': { method: 'DELETE', path: (_, item) => `/shelf/${item}`, expect: [200, 200, 403, 404, 401] },
};

async function shelfFixture() {
  const f = await freshOrganization();
  const db = await database();
  const item = crypto.randomUUID();
  const [other] = await db.select({ id: book.id }).from(book).limit(1).offset(1);
  await db.insert(shelfItem).values({ id: item, organizationId: f.id, bookId: other!.id, note: 'First', addedBy: userIds.owner });
  return { f, item };
}

describe.each(CALLERS)('shelf as %s', (caller) => {
  it.each(Object.keys(SHELF_ROWS))('%s', async (label) => {
    const row = SHELF_ROWS[label]!;
    const { f, item } = await shelfFixture();
    await makeActive(caller, f.id);
    const res = await api(row.method, row.path(f, item), { cookie: cookies[caller], body: row.body?.() });
    expect(res.status, `${caller} ${label}: ${JSON.stringify(res.body)}`).toBe(row.expect[CALLERS.indexOf(caller)]);
  });
});

describe('shelf: scoped to the active organisation', () => {
  it('lists only the active organisation’s books; another organisation’s row is 404, with a translated message', async () => {
    const { f, item } = await shelfFixture();
    await authApi('POST', '/organization/set-active', { cookie: cookies.member, body: { organizationId: f.id } });
    const mine = await api<{
      organization: { id: string };
      role: string;
      items: Array<{ id: string; note: string; addedBy: { name: string } | null }>;
    }>('GET', '/shelf', { cookie: cookies.member });
    expect(mine.body.organization.id).toBe(f.id);
    expect(mine.body.role).toBe('member');
    expect(mine.body.items.map((i) => i.note)).toEqual(['First']);
    // "other" is active in their own organisation: the fixture's row does not exist for them.
    await makeActive('other', f.id);
    const theirs = await api<{ organization: { id: string }; items: Array<{ id: string }> }>('GET', '/shelf', { cookie: cookies.other });
    expect(theirs.status).toBe(200);
    expect(theirs.body.organization.id).toBe(otherOrg);
    expect(theirs.body.items.map((i) => i.id)).not.toContain(item);
    const leak = await api<{ code: string; message: string }>('GET', `/shelf/${item}`, { cookie: cookies.other, language: 'fr' });
    expect(leak.status).toBe(404);
    expect(leak.body).toMatchObject({ code: 'NOT_FOUND', message: "Ce livre n'est pas sur l'étagère" });
    const del = await api('DELETE', `/shelf/${item}`, { cookie: cookies.other });
    expect(del.status).toBe(404);
    expect((await (await database()).select().from(shelfItem).where(eq(shelfItem.id, item))).length).toBe(1);
  });

  it('refuses the same book twice (409), a missing book (404), and a member’s removal (403, translated)', async () => {
    const { f, item } = await shelfFixture();
    await authApi('POST', '/organization/set-active', { cookie: cookies.member, body: { organizationId: f.id } });
    expect((await api('POST', '/shelf', { cookie: cookies.member, body: { bookId: aBook } })).status).toBe(201);
    const twice = await api<{ code: string; message: string }>('POST', '/shelf', { cookie: cookies.member, body: { bookId: aBook } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This book is already on the shelf');
    const missing = await api('POST', '/shelf', { cookie: cookies.member, body: { bookId: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.status).toBe(404);
    const refused = await api<{ code: string; message: string }>('DELETE', `/shelf/${item}`, { cookie: cookies.member, language: 'ar' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('يمكن للمالكين والمسؤولين فقط إزالة الكتب من الرف');
  });

  it('a caller with no active organisation gets 400 NO_ACTIVE_ORGANIZATION', async () => {
    const fresh = await signIn(`${unique('lonely')}@example.org`);
    const res = await api<{ code: string; message: string }>('GET', '/shelf', { cookie: fresh });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'NO_ACTIVE_ORGANIZATION', message: 'No active organization' });
  });

  it('switching the active organisation switches the shelf', async () => {
    const a = await shelfFixture();
    const b = await shelfFixture();
    const db = await database();
    await db.update(shelfItem).set({ note: 'In B' }).where(eq(shelfItem.id, b.item));
    const notes = async () =>
      (await api<{ items: Array<{ note: string }> }>('GET', '/shelf', { cookie: cookies.admin })).body.items.map((i) => i.note);
    await authApi('POST', '/organization/set-active', { cookie: cookies.admin, body: { organizationId: a.f.id } });
    expect(await notes()).toEqual(['First']);
    await authApi('POST', '/organization/set-active', { cookie: cookies.admin, body: { organizationId: b.f.id } });
    expect(await notes()).toEqual(['In B']);
  });

  it('deleting the organisation removes its shelf, members and invitations', async () => {
    const { f } = await shelfFixture();
    const res = await authApi('POST', '/organization/delete', { cookie: cookies.owner, body: { organizationId: f.id } });
    expect(res.status).toBe(200);
    const db = await database();
    expect(await db.select().from(shelfItem).where(eq(shelfItem.organizationId, f.id))).toEqual([]);
    expect(await db.select().from(member).where(eq(member.organizationId, f.id))).toEqual([]);
    expect(await db.select().from(invitation).where(eq(invitation.organizationId, f.id))).toEqual([]);
  });
});
// example:end

describe('a deleted user', () => {
  it('leaves no organisation without an owner: the longest-standing admin becomes owner', async () => {
    const db = await database();
    const orgId = crypto.randomUUID();
    await db.insert(organization).values({ id: orgId, name: 'Heirs', slug: unique('heirs') });
    const people = ['leaving', 'old-member', 'admin', 'young-admin'].map((name) => ({ id: crypto.randomUUID(), name }));
    for (const p of people) await db.insert(user).values({ id: p.id, name: p.name, email: `${unique(p.name)}@example.org` });
    const roles = ['owner', 'member', 'admin', 'admin'];
    for (const [i, p] of people.entries()) {
      await db.insert(member).values({
        id: crypto.randomUUID(),
        organizationId: orgId,
        userId: p.id,
        role: roles[i]!,
        createdAt: new Date(Date.UTC(2024, 0, i + 1)),
      });
    }
    await db.delete(user).where(eq(user.id, people[0]!.id));
    const rows = await db.select({ userId: member.userId, role: member.role }).from(member).where(eq(member.organizationId, orgId));
    const roleOf = (name: string) => rows.find((r) => r.userId === people.find((p) => p.name === name)!.id)?.role;
    expect([roleOf('old-member'), roleOf('admin'), roleOf('young-admin')]).toEqual(['member', 'owner', 'admin']);
    expect(rows).toHaveLength(3);
  });
});

describe('an organisation’s page and one’s organisations', () => {
  it('GET /organizations/{slug}: 200 for each member, 404 for anyone else (as for a slug that does not exist)', async () => {
    const f = await freshOrganization();
    const [row] = await (await database()).select({ slug: organization.slug }).from(organization).where(eq(organization.id, f.id));
    const expected: Record<Caller, number> = { owner: 200, admin: 200, member: 200, other: 404, banned: 401 };
    for (const caller of CALLERS) {
      const res = await api<{
        members: unknown[];
        teams: Array<{ memberUserIds: string[] }>;
        invitations: unknown[];
        membership: { role: string };
      }>('GET', `/organizations/${row!.slug}`, { cookie: cookies[caller] });
      expect(res.status, caller).toBe(expected[caller]);
      if (res.status === 200) {
        expect(res.body.members).toHaveLength(5);
        expect(res.body.teams.map((t) => t.memberUserIds.length).sort()).toEqual([0, 5]);
        expect(res.body.invitations).toHaveLength(1);
      }
    }
    expect((await api('GET', '/organizations/no-such-organisation', { cookie: cookies.owner })).status).toBe(404);
  });

  it('GET /organizations: one’s own, with one’s role and the active one', async () => {
    const f = await freshOrganization();
    await makeActive('admin', f.id);
    const mine = await api<{ activeOrganizationId: string; organizations: Array<{ id: string; role: string; memberCount: number }> }>(
      'GET',
      '/organizations',
      {
        cookie: cookies.admin,
      },
    );
    expect(mine.body.activeOrganizationId).toBe(f.id);
    expect(mine.body.organizations.find((o) => o.id === f.id)).toMatchObject({ role: 'admin', memberCount: 5 });
    const theirs = await api<{ organizations: Array<{ id: string }> }>('GET', '/organizations', { cookie: cookies.other });
    expect(theirs.body.organizations.map((o) => o.id)).not.toContain(f.id);
  });
});

/** It leaves through the job queue, after the answer. */
const mailTo = (to: string) =>
  vi.waitFor(
    () => {
      const mail = mailboxMessages().find((m) => m.to === to);
      if (!mail) throw new Error(`no e-mail to ${to}`);
      return mail;
    },
    { timeout: 10_000, interval: 20 },
  );

describe('the invitation e-mail', () => {
  it('goes to the invitee in the language the inviter chose, with the link to /invitations/{id}', async () => {
    const f = await freshOrganization();
    const to = `${unique('invitee')}@example.org`;
    const res = await authApi<{ id: string }>('POST', '/organization/invite-member', {
      cookie: cookies.owner,
      body: { organizationId: f.id, email: to, role: 'admin', language: 'fr' },
    });
    expect(res.status).toBe(200);
    const mail = await mailTo(to);
    expect(mail?.subject).toBe(`org-owner@example.org vous invite à rejoindre une organisation sur ${identity.name}`);
    expect(mail?.text).toContain(`http://localhost:3000/invitations/${res.body.id}`);
    expect(mail?.text).toContain('en tant que Administrateur');
    // Without a choice: the inviter's own language (here English).
    const other = `${unique('invitee')}@example.org`;
    await authApi('POST', '/organization/invite-member', {
      cookie: cookies.owner,
      body: { organizationId: f.id, email: other, role: 'member' },
    });
    expect((await mailTo(other)).subject).toBe(`org-owner@example.org invites you to join an organisation on ${identity.name}`);
  });

  it('F11: its subject names the inviter and the app, never the organisation', async () => {
    const f = await freshOrganization();
    await (
      await database()
    )
      .update(organization)
      .set({ name: `Security notice ${identity.name}` })
      .where(eq(organization.id, f.id));
    const to = `${unique('invitee')}@example.org`;
    const res = await authApi('POST', '/organization/invite-member', {
      cookie: cookies.owner,
      body: { organizationId: f.id, email: to, role: 'member', language: 'en' },
    });
    expect(res.status).toBe(200);
    const mail = await mailTo(to);
    expect(mail?.subject).toBe(`org-owner@example.org invites you to join an organisation on ${identity.name}`);
    expect(mail?.subject).not.toContain('Security notice');
    // The body still says which organisation.
    expect(mail?.text).toContain(`Security notice ${identity.name}`);
  });
});

describe('the invitation page’s view', () => {
  it('tells the recipient its state, and anyone else only that it is not theirs', async () => {
    const id = await invitationFor('member');
    const mine = await api<{ state: string; organizationName: string | null }>('GET', `/invitations/${id}`, { cookie: cookies.member });
    expect(mine.body).toMatchObject({ state: 'pending', organizationName: 'Inviting' });
    const notMine = await api<{ state: string; organizationName: string | null }>('GET', `/invitations/${id}`, { cookie: cookies.admin });
    expect(notMine.body).toMatchObject({ state: 'wrong-recipient', organizationName: null });
    const db = await database();
    for (const [status, state] of [
      ['canceled', 'canceled'],
      ['accepted', 'accepted'],
      ['rejected', 'rejected'],
    ] as const) {
      await db.update(invitation).set({ status }).where(eq(invitation.id, id));
      expect((await api<{ state: string }>('GET', `/invitations/${id}`, { cookie: cookies.member })).body.state).toBe(state);
    }
    await db
      .update(invitation)
      .set({ status: 'pending', expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, id));
    expect((await api<{ state: string }>('GET', `/invitations/${id}`, { cookie: cookies.member })).body.state).toBe('expired');
    expect((await api<{ state: string }>('GET', '/invitations/no-such-id', { cookie: cookies.member })).body.state).toBe('not-found');
    expect((await api('GET', `/invitations/${id}`)).status).toBe(401);
  });
});

describe('manager: every organisation', () => {
  it('lists with member counts and search, shows members and invitations, deletes (admin only)', async () => {
    const admin = await signIn('admin@example.com');
    const f = await freshOrganization();
    const db = await database();
    await db.update(organization).set({ name: 'Zebra Reading Circle' }).where(eq(organization.id, f.id));
    const list = await api<OrganizationList>('GET', '/manager/organizations?searchTerm=zebra%20reading', { cookie: admin });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      items: [expect.objectContaining({ id: f.id, memberCount: 5 })],
      nextCursor: null,
      total: 1,
      totalCapped: false,
    });
    const detail = await api<{ members: unknown[]; invitations: unknown[] }>('GET', `/manager/organizations/${f.id}`, { cookie: admin });
    expect(detail.body.members).toHaveLength(5);
    expect(detail.body.invitations).toHaveLength(1);
    expect((await api('GET', '/manager/organizations', { cookie: cookies.owner })).status).toBe(403);
    expect((await api('DELETE', `/manager/organizations/${f.id}`, { cookie: cookies.owner })).status).toBe(403);
    expect((await api('DELETE', `/manager/organizations/${f.id}`, { cookie: admin })).status).toBe(200);
    expect((await api('GET', `/manager/organizations/${f.id}`, { cookie: admin })).status).toBe(404);
  });

  it('pages by cursor, newest first or by name, with the total on the first page', async () => {
    const admin = await signIn('admin@example.com');
    const db = await database();
    const stamp = unique('paged');
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    // Created a minute apart, named in the opposite order: newest first is C, B, A; by name A, B, C.
    for (const [i, id] of ids.entries())
      await db
        .insert(organization)
        .values({ id, name: `${stamp} ${'CBA'[i]}`, slug: `${stamp}-${i}`, createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)) });
    const page = (query: string) =>
      api<OrganizationList>('GET', `/manager/organizations?searchTerm=${stamp}&limit=2${query}`, { cookie: admin });

    const first = await page('');
    expect(first.body.items.map((o) => o.id)).toEqual([ids[2], ids[1]]);
    expect(first.body).toMatchObject({ total: 3, totalCapped: false });
    const second = await page(`&cursor=${first.body.nextCursor}`);
    expect(second.body).toEqual({
      items: [expect.objectContaining({ id: ids[0], memberCount: 0 })],
      nextCursor: null,
      total: null,
      totalCapped: false,
    });

    const byName = await page('&sort=name');
    expect(byName.body.items.map((o) => o.name)).toEqual([`${stamp} A`, `${stamp} B`]);
    const rest = await page(`&sort=name&cursor=${byName.body.nextCursor}`);
    expect(rest.body.items.map((o) => o.name)).toEqual([`${stamp} C`]);
    expect((await api('GET', '/manager/organizations?cursor=garbage', { cookie: admin })).status).toBe(400);
  });
});

it('has no endpoint listed as off that is on', () => {
  for (const path of OFF) expect(authEndpointEnabled(path)).toBe(false);
  expect(otherOrg).toBeTruthy();
});
