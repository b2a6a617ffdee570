// Statuses written from the product rules, never derived from the declarations that enforce them: a
// procedure widened to 'public' fails here, and so does one the tables do not list.
import { isProcedure, type AnyProcedure } from '@orpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ADMIN_ENDPOINTS, rolesAllow, statements } from '#/lib/permissions';
import { authEndpointEnabled } from '#/server/auth-endpoints.ts';
import { getAuth } from '#/server/auth.ts';
import { router } from '#/server/router.ts';
import { api, authApi, signIn } from './support/api.ts';

type Caller = 'signed-out' | 'banned' | 'user' | 'admin';
const CALLERS: Caller[] = ['signed-out', 'banned', 'user', 'admin'];
/** In the order of CALLERS: signed out, banned, user, admin. */
type Statuses = [number, number, number, number];

/** `body` builds a new body per call. */
interface Row {
  params?: Record<string, string>;
  body?: () => Record<string, unknown> | undefined;
  expect: Statuses;
  /** The resource a 403 names ('You are not allowed to access resource: …'). */
  denied?: string;
  /**
   * A resource people own (an action declared `:own`/`:any`): `make` creates a row as the signed-in `cookie`
   * and returns the params that name it. `expect` then holds on another person's row, `own` on the caller's.
   */
  owned?: { make: (cookie: string) => Promise<Record<string, string>>; own: Statuses };
  /**
   * Rows an organisation owns (`meta.organization`): the statuses for its owner and for a plain member, each with
   * the organisation active. `expect` holds for the callers above, who are not members of it.
   */
  inOrganization?: { owner: number; member: number };
}

let n = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;
const ids: Record<string, string> = {};
const missing = '00000000-0000-4000-8000-000000000000';

/** An allowed call on a missing id answers 404, a create 201; 403 is a refusal. */
const PRODUCT_API: Record<string, Row> = {
  // expect: [signed out, banned, user, admin]
  // example:start
  'books.list': { expect: [401, 401, 200, 200] },
  'books.facets': { expect: [401, 401, 200, 200] },
  'books.bulkDelete': { body: () => ({ ids: [missing] }), expect: [401, 401, 403, 200], denied: 'book' },
  'books.get': { params: { id: missing }, expect: [401, 401, 404, 404] },
  'books.create': { body: () => ({ title: unique('Matrix'), author: 'Tester' }), expect: [401, 401, 403, 201], denied: 'book' },
  'books.update': {
    params: { id: missing },
    body: () => ({ title: unique('Matrix'), author: 'Tester' }),
    expect: [401, 401, 403, 404],
    denied: 'book',
  },
  'books.delete': { params: { id: missing }, expect: [401, 401, 403, 404], denied: 'book' },
  'genres.list': { expect: [401, 401, 200, 200] },
  'genres.get': { params: { id: missing }, expect: [401, 401, 404, 404] },
  // Adding a genre is part of editing the catalogue: whoever may create books.
  'genres.create': { body: () => ({ name: unique('Genre') }), expect: [401, 401, 403, 201], denied: 'book' },
  // example:end
  'users.list': { expect: [401, 401, 403, 200], denied: 'user' },
  'users.facets': { expect: [401, 401, 403, 200], denied: 'user' },
  'users.bulkBan': { body: () => ({ ids: [missing] }), expect: [401, 401, 403, 200], denied: 'user' },
  'users.bulkUnban': { body: () => ({ ids: [missing] }), expect: [401, 401, 403, 200], denied: 'user' },
  'users.bulkDelete': { body: () => ({ ids: [missing] }), expect: [401, 401, 403, 200], denied: 'user' },
  'users.get': { params: { id: missing }, expect: [401, 401, 403, 404], denied: 'user' },
  'users.create': {
    body: () => ({ name: 'Matrix', email: `${unique('m')}@example.com`, role: 'user' }),
    expect: [401, 401, 403, 201],
    denied: 'user',
  },
  'users.update': {
    params: { id: 'target' },
    body: () => ({ name: 'Renamed', email: `${unique('r')}@example.com`, role: 'user' }),
    expect: [401, 401, 403, 200],
    denied: 'user',
  },
  'users.sessions': { params: { id: 'target' }, expect: [401, 401, 403, 200], denied: 'session' },
  'users.revokeSession': { params: { id: 'target', sessionId: missing }, expect: [401, 401, 403, 404], denied: 'session' },
  'users.resetTwoFactor': { params: { id: missing }, expect: [401, 401, 403, 404], denied: 'user' },
  'dashboard.get': { expect: [401, 401, 403, 200], denied: 'user' },
  'account.sessions': { expect: [401, 401, 200, 200] },
  'account.passkeys': { expect: [401, 401, 200, 200] },
  // Account update, which every role has (404 for an id that is not theirs).
  'account.revokeSession': { params: { id: missing }, expect: [401, 401, 404, 404] },
  'account.signInMethods': { expect: [401, 401, 200, 200] },
  'account.trustedDevices': { expect: [401, 401, 200, 200] },
  'account.revokeTrustedDevice': { params: { id: missing }, expect: [401, 401, 404, 404] },
  // One's own connected MCP clients (decision 105): a client that is not one's own is missing.
  'connectedApps.list': { expect: [401, 401, 200, 200] },
  'connectedApps.consentRequest': { params: { clientId: missing }, expect: [401, 401, 404, 404] },
  'connectedApps.disconnect': { params: { clientId: missing }, expect: [401, 401, 404, 404] },
  // 404 for anyone who is not a member.
  'organizations.mine': { expect: [401, 401, 200, 200] },
  'organizations.get': { params: { slug: 'no-such-organisation' }, expect: [401, 401, 404, 404] },
  // Any member reads them (and the organisation's own key with `member: read`: its suite).
  'organizations.members': { params: { slug: 'guild' }, expect: [401, 401, 404, 404], inOrganization: { owner: 200, member: 200 } },
  // Its owners only (lifting it: requiring it asks the owner's own second factor first).
  'organizations.setTwoFactorRequirement': {
    params: { slug: 'guild' },
    body: () => ({ required: false }),
    expect: [401, 401, 404, 404],
    inOrganization: { owner: 200, member: 403 },
  },
  // Neither seeded account has an active organisation: 400 NO_ACTIVE_ORGANIZATION. Only owners and admins
  // remove from the shelf.
  // example:start
  'organizations.shelf.list': { expect: [401, 401, 400, 400], inOrganization: { owner: 200, member: 200 } },
  'organizations.shelf.get': { params: { id: missing }, expect: [401, 401, 400, 400], inOrganization: { owner: 404, member: 404 } },
  'organizations.shelf.add': {
    body: () => ({ bookId: missing }),
    expect: [401, 401, 400, 400],
    inOrganization: { owner: 404, member: 404 },
  },
  'organizations.shelf.remove': { params: { id: missing }, expect: [401, 401, 400, 400], inOrganization: { owner: 404, member: 403 } },
  // example:end
  // 200 "not-found" for a missing id.
  'organizations.invitations.get': { params: { id: missing }, expect: [401, 401, 200, 200] },
  'organizations.manager.list': { expect: [401, 401, 403, 200], denied: 'organization' },
  'organizations.manager.get': { params: { id: missing }, expect: [401, 401, 403, 404], denied: 'organization' },
  'organizations.manager.delete': { params: { id: missing }, expect: [401, 401, 403, 404], denied: 'organization' },
  'audit.list': { expect: [401, 401, 403, 200], denied: 'audit' },
  'audit.get': { params: { id: '999999999' }, expect: [401, 401, 403, 404], denied: 'audit' },
  'audit.mine': { expect: [401, 401, 200, 200] },
  'apiKeys.mine': { expect: [401, 401, 200, 200] },
  // Only what the caller's role holds: an admin may give a key user:list, a user may not.
  'apiKeys.create': {
    body: () => ({ name: unique('Matrix key'), expiresInDays: null, permissions: { user: ['list'] } }),
    expect: [401, 401, 403, 200],
    denied: 'user',
  },
  'apiKeys.revoke': { params: { id: missing }, expect: [401, 401, 404, 404] },
  'apiKeys.ofUser': { params: { id: 'target' }, expect: [401, 401, 403, 200], denied: 'apiKey' },
  'apiKeys.revokeOfUser': { params: { id: 'target', keyId: missing }, expect: [401, 401, 403, 404], denied: 'apiKey' },
  'webhooks.list': { expect: [401, 401, 403, 200], denied: 'webhook' },
  'webhooks.get': { params: { id: missing }, expect: [401, 401, 403, 404], denied: 'webhook' },
  'webhooks.create': {
    body: () => ({ url: 'https://hooks.example.com/matrix', events: ['user.banned'] }),
    expect: [401, 401, 403, 201],
    denied: 'webhook',
  },
  'webhooks.update': { params: { id: missing }, body: () => ({ enabled: false }), expect: [401, 401, 403, 404], denied: 'webhook' },
  'webhooks.delete': { params: { id: missing }, expect: [401, 401, 403, 404], denied: 'webhook' },
  'webhooks.deliveries': { params: { id: missing }, expect: [401, 401, 403, 404], denied: 'webhook' },
  'webhooks.resend': { params: { id: missing, deliveryId: missing }, expect: [401, 401, 403, 404], denied: 'webhook' },
  'webhooks.test': { params: { id: missing }, expect: [401, 401, 403, 404], denied: 'webhook' },
  // An organisation's owners only: 404 for anyone who is not a member (of an organisation that exists), 403 for a member.
  'webhooks.organization.list': { params: { slug: 'guild' }, expect: [401, 401, 404, 404], inOrganization: { owner: 200, member: 403 } },
  'webhooks.organization.get': {
    params: { slug: 'guild', id: missing },
    expect: [401, 401, 404, 404],
    inOrganization: { owner: 404, member: 403 },
  },
  'webhooks.organization.create': {
    params: { slug: 'guild' },
    body: () => ({ url: `https://hooks.example.com/${unique('matrix')}`, events: ['member.added'] }),
    expect: [401, 401, 404, 404],
    inOrganization: { owner: 201, member: 403 },
  },
  'webhooks.organization.update': {
    params: { slug: 'guild', id: missing },
    body: () => ({ enabled: false }),
    expect: [401, 401, 404, 404],
    inOrganization: { owner: 404, member: 403 },
  },
  'webhooks.organization.delete': {
    params: { slug: 'guild', id: missing },
    expect: [401, 401, 404, 404],
    inOrganization: { owner: 404, member: 403 },
  },
  'webhooks.organization.deliveries': {
    params: { slug: 'guild', id: missing },
    expect: [401, 401, 404, 404],
    inOrganization: { owner: 404, member: 403 },
  },
  'webhooks.organization.resend': {
    params: { slug: 'guild', id: missing, deliveryId: missing },
    expect: [401, 401, 404, 404],
    inOrganization: { owner: 404, member: 403 },
  },
  'webhooks.organization.test': {
    params: { slug: 'guild', id: missing },
    expect: [401, 401, 404, 404],
    inOrganization: { owner: 404, member: 403 },
  },
  // An organisation's keys (decision 103): its owners and admins, 404 for anyone who is not a member, 403 for a member.
  'organizationApiKeys.list': { params: { slug: 'guild' }, expect: [401, 401, 404, 404], inOrganization: { owner: 200, member: 403 } },
  'organizationApiKeys.create': {
    params: { slug: 'guild' },
    body: () => ({ name: unique('matrix'), expiresInDays: 30, permissions: { organizationWebhook: ['read'] } }),
    expect: [401, 401, 404, 404],
    inOrganization: { owner: 200, member: 403 },
  },
  // A key the organisation does not have is missing for its owner.
  'audit.organizationKey': {
    params: { slug: 'guild', id: missing },
    expect: [401, 401, 404, 404],
    inOrganization: { owner: 404, member: 403 },
  },
  'organizationApiKeys.revoke': {
    params: { slug: 'guild', id: missing },
    expect: [401, 401, 404, 404],
    inOrganization: { owner: 404, member: 403 },
  },
};

/** No role may get or update a user through Better Auth; any session may ask what it holds, or stop impersonating. */
const AUTH_API: Record<string, Row & { method: 'GET' | 'POST' }> = {
  // Off: users are created and edited through the product API.
  '/admin/create-user': {
    method: 'POST',
    body: () => ({ email: `${unique('c')}@example.com`, name: 'Created' }),
    expect: [404, 404, 404, 404],
  },
  '/admin/list-users': { method: 'GET', body: () => ({ limit: 1 }), expect: [401, 401, 403, 200] },
  '/admin/get-user': { method: 'GET', body: () => ({ id: ids.target }), expect: [404, 404, 404, 404] },
  '/admin/update-user': { method: 'POST', body: () => ({ userId: ids.target, data: { name: 'x' } }), expect: [404, 404, 404, 404] },
  '/admin/set-role': { method: 'POST', body: () => ({ userId: ids.target, role: 'user' }), expect: [401, 401, 403, 200] },
  '/admin/ban-user': { method: 'POST', body: () => ({ userId: ids.target }), expect: [401, 401, 403, 200] },
  '/admin/unban-user': { method: 'POST', body: () => ({ userId: ids.target }), expect: [401, 401, 403, 200] },
  '/admin/impersonate-user': { method: 'POST', body: () => ({ userId: ids.target }), expect: [401, 401, 403, 200] },
  '/admin/stop-impersonating': { method: 'POST', expect: [401, 401, 400, 400] },
  '/admin/list-user-sessions': { method: 'POST', body: () => ({ userId: ids.target }), expect: [401, 401, 403, 200] },
  '/admin/revoke-user-session': { method: 'POST', body: () => ({ sessionToken: 'no-such-token' }), expect: [401, 401, 403, 200] },
  '/admin/revoke-user-sessions': { method: 'POST', body: () => ({ userId: ids.target }), expect: [401, 401, 403, 200] },
  '/admin/remove-user': { method: 'POST', body: () => ({ userId: ids.removable }), expect: [401, 401, 403, 200] },
  // Off: there are no passwords, and the browser reads the permission declaration itself.
  '/admin/set-user-password': {
    method: 'POST',
    body: () => ({ userId: ids.target, newPassword: 'a-long-enough-password' }),
    expect: [404, 404, 404, 404],
  },
  '/admin/has-permission': { method: 'POST', body: () => ({ permissions: { user: ['list'] } }), expect: [404, 404, 404, 404] },
};

/** The sections' page guards: may a user, an admin enter? */
const SECTIONS: Record<'app' | 'manager', [boolean, boolean]> = {
  app: [true, true],
  manager: [false, true],
};

const status = (row: Row, caller: Caller) => row.expect[CALLERS.indexOf(caller)]!;

async function expectStatus(caller: Caller | OrgCaller, procedure: AnyProcedure, row: Row, given: Record<string, string>, want: number) {
  const { method = 'GET', path = '/' } = procedure['~orpc'].route;
  const params = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, ids[v] ?? v]));
  const url = path.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '');
  const cookie = caller in orgCookies ? orgCookies[caller as OrgCaller] : cookies[caller as Caller];
  const res = await api<{ code?: string; message?: string }>(method, url, { cookie, body: row.body?.() });
  expect(res.status, `${caller} ${method} ${url}: ${JSON.stringify(res.body)}`).toBe(want);
  if (want === 403 && row.inOrganization && caller in orgCookies) {
    expect(res.body.code).toBe('FORBIDDEN');
  } else if (want === 403) {
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: `You are not allowed to access resource: ${row.denied}` });
  }
}

function* procedures(node: unknown, path: string[] = []): Generator<[string, AnyProcedure]> {
  if (isProcedure(node)) {
    yield [path.join('.'), node];
    return;
  }
  for (const [key, child] of Object.entries(node as object)) yield* procedures(child, [...path, key]);
}
const allProcedures = [...procedures(router)];

const cookies: Record<Caller, string | undefined> = { 'signed-out': undefined, banned: undefined, user: undefined, admin: undefined };
/** Another user: the owner of the rows that are not the caller's. */
let someoneElse = '';
/** An organisation's owner and one of its plain members, each with it active; `ids.guild` is its slug. */
type OrgCaller = 'organisation owner' | 'organisation member';
const orgCookies: Record<OrgCaller, string | undefined> = { 'organisation owner': undefined, 'organisation member': undefined };

/** Whether a permission asks for an action that a statement declares as own/any. */
const asksOwnable = (permission: unknown) =>
  typeof permission === 'object' &&
  permission !== null &&
  Object.entries(permission as Record<string, string[]>).some(([resource, actions]) =>
    actions.some((action) => ((statements as Record<string, readonly string[]>)[resource] ?? []).includes(`${action}:own`)),
  );

beforeAll(async () => {
  cookies.admin = await signIn('admin@example.com');
  cookies.user = await signIn('user@example.com');
  cookies.banned = await signIn('banned-matrix@example.com');
  someoneElse = await signIn('owner-matrix@example.com');
  const auth = await getAuth();
  const ctx = await auth.api.getSession({ headers: new Headers({ cookie: cookies.banned }) });
  await auth.api.banUser({ body: { userId: ctx!.user.id, banReason: 'matrix' }, headers: new Headers({ cookie: cookies.admin }) });
  for (const name of ['target', 'removable']) {
    const { user } = await auth.api.createUser({ body: { email: `${unique(name)}@example.com`, name } });
    ids[name] = user.id;
  }
  // An organisation none of the callers above belongs to: its owner, and a member who joined by invitation.
  const owner = await signIn(`${unique('org-owner')}@example.com`);
  ids.guild = unique('guild');
  const created = await authApi<{ id: string }>('POST', '/organization/create', {
    cookie: owner,
    body: { name: 'Matrix Guild', slug: ids.guild },
  });
  expect(created.status).toBe(200);
  const memberEmail = `${unique('org-member')}@example.com`;
  const member = await signIn(memberEmail);
  const invited = await authApi<{ id: string }>('POST', '/organization/invite-member', {
    cookie: owner,
    body: { organizationId: created.body.id, email: memberEmail, role: 'member' },
  });
  expect(invited.status).toBe(200);
  expect(
    (await authApi('POST', '/organization/accept-invitation', { cookie: member, body: { invitationId: invited.body.id } })).status,
  ).toBe(200);
  for (const cookie of [owner, member]) {
    const active = await authApi('POST', '/organization/set-active', { cookie, body: { organizationId: created.body.id } });
    expect(active.status).toBe(200);
  }
  orgCookies['organisation owner'] = owner;
  orgCookies['organisation member'] = member;
});

describe('permission matrix: the tables list every procedure and endpoint', () => {
  it('lists every product-API procedure, and each declares a permission', () => {
    for (const [name, procedure] of allProcedures) {
      expect(procedure['~orpc'].meta.permission, `${name} declares no permission`).toBeDefined();
    }
    expect(allProcedures.map(([name]) => name).sort()).toEqual(Object.keys(PRODUCT_API).sort());
  });

  it('gives every procedure on rows people own a way to find the owner, and an expectation on the own row', () => {
    for (const [name, procedure] of allProcedures.filter(([, p]) => asksOwnable(p['~orpc'].meta.permission))) {
      expect(procedure['~orpc'].meta.owner, `${name}: meta.owner (src/server/ownership.ts ownedBy)`).toBeDefined();
      expect(PRODUCT_API[name]?.owned, `${name}: an 'owned' row in PRODUCT_API`).toBeDefined();
    }
  });

  it("gives every procedure on an organisation's rows an expectation for its owner and a member, and only those", () => {
    for (const [name, procedure] of allProcedures) {
      const declared = procedure['~orpc'].meta.organization !== undefined;
      expect(declared, `${name}: meta.organization (inOrganization in src/server/rpc.ts) and an 'inOrganization' row`).toBe(
        PRODUCT_API[name]?.inOrganization !== undefined,
      );
    }
  });

  it('lists every admin endpoint of the auth API, and each has a rule in AUTH_ADMIN_ENDPOINTS', async () => {
    const auth = await getAuth();
    const doc = (await auth.api.generateOpenAPISchema()) as { paths: Record<string, unknown> };
    const adminPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/admin/'));
    expect(adminPaths.sort()).toEqual(Object.keys(AUTH_API).sort());
    // The rules cover exactly the endpoints that are on.
    expect(Object.keys(AUTH_ADMIN_ENDPOINTS).sort()).toEqual(Object.keys(AUTH_API).filter(authEndpointEnabled).sort());
  });
});

describe('permission matrix: sections', () => {
  it('lets each role into the sections written out above, and lists every section', () => {
    expect(Object.keys(SECTIONS).sort()).toEqual([...statements.apps].sort());
    for (const [section, [user, admin]] of Object.entries(SECTIONS) as Array<['app' | 'manager', [boolean, boolean]]>) {
      expect(rolesAllow('user', { apps: [section] }), `user in ${section}`).toBe(user);
      expect(rolesAllow('admin', { apps: [section] }), `admin in ${section}`).toBe(admin);
    }
  });
});

describe.each(CALLERS)('permission matrix as %s', (caller) => {
  it.each(allProcedures.map(([name, procedure]) => ({ name, procedure })))('product API $name', async ({ name, procedure }) => {
    const row = PRODUCT_API[name]!;
    // On a row people own: another person's row here, the caller's own below.
    const made = row.owned ? await row.owned.make(someoneElse) : {};
    await expectStatus(caller, procedure, row, { ...row.params, ...made }, status(row, caller));
  });

  const ownedProcedures = allProcedures.filter(([name]) => PRODUCT_API[name]?.owned).map(([name, procedure]) => ({ name, procedure }));
  it.runIf(ownedProcedures.length > 0 && (caller === 'user' || caller === 'admin')).each(ownedProcedures)(
    "product API $name on the caller's own row",
    async ({ name, procedure }) => {
      const row = PRODUCT_API[name]!;
      const made = await row.owned!.make(cookies[caller]!);
      await expectStatus(caller, procedure, row, { ...row.params, ...made }, row.owned!.own[CALLERS.indexOf(caller)]!);
    },
  );

  it.each(Object.keys(AUTH_API))('auth API %s', async (path) => {
    const row = AUTH_API[path]!;
    const res = await authApi(row.method, path, { cookie: cookies[caller], body: row.body?.() });
    expect(res.status, `${caller} ${row.method} ${path}: ${JSON.stringify(res.body)}`).toBe(status(row, caller));
  });
});

const organizationProcedures = allProcedures
  .filter(([name]) => PRODUCT_API[name]?.inOrganization)
  .map(([name, procedure]) => ({ name, procedure }));
describe.each(['organisation owner', 'organisation member'] as const)('permission matrix as an %s', (caller) => {
  it.each(organizationProcedures)('product API $name', async ({ name, procedure }) => {
    const row = PRODUCT_API[name]!;
    const want = caller === 'organisation owner' ? row.inOrganization!.owner : row.inOrganization!.member;
    await expectStatus(caller, procedure, row, row.params ?? {}, want);
  });
});
