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
}

let n = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;
const ids: Record<string, string> = {};
const missing = '00000000-0000-4000-8000-000000000000';

/** An allowed call on a missing id answers 404, a create 201; 403 is a refusal. */
const PRODUCT_API: Record<string, Row> = {
  // expect: [signed out, banned, user, admin]
  'books.list': { expect: [401, 401, 200, 200] },
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
  'users.list': { expect: [401, 401, 403, 200], denied: 'user' },
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
  'dashboard.get': { expect: [401, 401, 403, 200], denied: 'user' },
  'account.sessions': { expect: [401, 401, 200, 200] },
  'account.passkeys': { expect: [401, 401, 200, 200] },
  // Account update, which every role has (404 for an id that is not theirs).
  'account.revokeSession': { params: { id: missing }, expect: [401, 401, 404, 404] },
  'account.signInMethods': { expect: [401, 401, 200, 200] },
  // 404 for anyone who is not a member.
  'organizations.mine': { expect: [401, 401, 200, 200] },
  'organizations.get': { params: { slug: 'no-such-organisation' }, expect: [401, 401, 404, 404] },
  // Neither seeded account has an active organisation: 400 NO_ACTIVE_ORGANIZATION.
  'organizations.shelf.list': { expect: [401, 401, 400, 400] },
  'organizations.shelf.get': { params: { id: missing }, expect: [401, 401, 400, 400] },
  'organizations.shelf.add': { body: () => ({ bookId: missing }), expect: [401, 401, 400, 400] },
  'organizations.shelf.remove': { params: { id: missing }, expect: [401, 401, 400, 400] },
  // 200 "not-found" for a missing id.
  'organizations.invitations.get': { params: { id: missing }, expect: [401, 401, 200, 200] },
  'organizations.manager.list': { expect: [401, 401, 403, 200], denied: 'organization' },
  'organizations.manager.get': { params: { id: missing }, expect: [401, 401, 403, 404], denied: 'organization' },
  'organizations.manager.delete': { params: { id: missing }, expect: [401, 401, 403, 404], denied: 'organization' },
  'audit.list': { expect: [401, 401, 403, 200], denied: 'audit' },
  'audit.get': { params: { id: '999999999' }, expect: [401, 401, 403, 404], denied: 'audit' },
  'audit.mine': { expect: [401, 401, 200, 200] },
  'apiKeys.mine': { expect: [401, 401, 200, 200] },
  // Only what the caller's role holds: a user may give a key book:read, not book:create.
  'apiKeys.create': {
    body: () => ({ name: unique('Matrix key'), expiresInDays: null, permissions: { book: ['read'] } }),
    expect: [401, 401, 200, 200],
  },
  'apiKeys.revoke': { params: { id: missing }, expect: [401, 401, 404, 404] },
  'apiKeys.ofUser': { params: { id: 'target' }, expect: [401, 401, 403, 200], denied: 'apiKey' },
  'apiKeys.revokeOfUser': { params: { id: 'target', keyId: missing }, expect: [401, 401, 403, 404], denied: 'apiKey' },
  'webhooks.list': { expect: [401, 401, 403, 200], denied: 'webhook' },
  'webhooks.get': { params: { id: missing }, expect: [401, 401, 403, 404], denied: 'webhook' },
  'webhooks.create': {
    body: () => ({ url: 'https://hooks.example.com/matrix', events: ['book.created'] }),
    expect: [401, 401, 403, 201],
    denied: 'webhook',
  },
  'webhooks.update': { params: { id: missing }, body: () => ({ enabled: false }), expect: [401, 401, 403, 404], denied: 'webhook' },
  'webhooks.delete': { params: { id: missing }, expect: [401, 401, 403, 404], denied: 'webhook' },
  'webhooks.deliveries': { params: { id: missing }, expect: [401, 401, 403, 404], denied: 'webhook' },
  'webhooks.resend': { params: { id: missing, deliveryId: missing }, expect: [401, 401, 403, 404], denied: 'webhook' },
  'webhooks.test': { params: { id: missing }, expect: [401, 401, 403, 404], denied: 'webhook' },
  // An organisation's owners only: 404 for anyone who is not a member.
  'webhooks.organization.list': { params: { slug: 'no-such-organisation' }, expect: [401, 401, 404, 404] },
  'webhooks.organization.get': { params: { slug: 'no-such-organisation', id: missing }, expect: [401, 401, 404, 404] },
  'webhooks.organization.create': {
    params: { slug: 'no-such-organisation' },
    body: () => ({ url: 'https://hooks.example.com/matrix', events: ['member.added'] }),
    expect: [401, 401, 404, 404],
  },
  'webhooks.organization.update': {
    params: { slug: 'no-such-organisation', id: missing },
    body: () => ({ enabled: false }),
    expect: [401, 401, 404, 404],
  },
  'webhooks.organization.delete': { params: { slug: 'no-such-organisation', id: missing }, expect: [401, 401, 404, 404] },
  'webhooks.organization.deliveries': { params: { slug: 'no-such-organisation', id: missing }, expect: [401, 401, 404, 404] },
  'webhooks.organization.resend': {
    params: { slug: 'no-such-organisation', id: missing, deliveryId: missing },
    expect: [401, 401, 404, 404],
  },
  'webhooks.organization.test': { params: { slug: 'no-such-organisation', id: missing }, expect: [401, 401, 404, 404] },
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
  '/admin/has-permission': { method: 'POST', body: () => ({ permissions: { book: ['read'] } }), expect: [404, 404, 404, 404] },
};

/** The sections' page guards: may a user, an admin enter? */
const SECTIONS: Record<'app' | 'manager', [boolean, boolean]> = {
  app: [true, true],
  manager: [false, true],
};

const status = (row: Row, caller: Caller) => row.expect[CALLERS.indexOf(caller)]!;

function* procedures(node: unknown, path: string[] = []): Generator<[string, AnyProcedure]> {
  if (isProcedure(node)) {
    yield [path.join('.'), node];
    return;
  }
  for (const [key, child] of Object.entries(node as object)) yield* procedures(child, [...path, key]);
}
const allProcedures = [...procedures(router)];

const cookies: Record<Caller, string | undefined> = { 'signed-out': undefined, banned: undefined, user: undefined, admin: undefined };

beforeAll(async () => {
  cookies.admin = await signIn('admin@example.com');
  cookies.user = await signIn('user@example.com');
  cookies.banned = await signIn('banned-matrix@example.com');
  const auth = await getAuth();
  const ctx = await auth.api.getSession({ headers: new Headers({ cookie: cookies.banned }) });
  await auth.api.banUser({ body: { userId: ctx!.user.id, banReason: 'matrix' }, headers: new Headers({ cookie: cookies.admin }) });
  for (const name of ['target', 'removable']) {
    const { user } = await auth.api.createUser({ body: { email: `${unique(name)}@example.com`, name } });
    ids[name] = user.id;
  }
});

describe('permission matrix: the tables list every procedure and endpoint', () => {
  it('lists every product-API procedure, and each declares a permission', () => {
    for (const [name, procedure] of allProcedures) {
      expect(procedure['~orpc'].meta.permission, `${name} declares no permission`).toBeDefined();
    }
    expect(allProcedures.map(([name]) => name).sort()).toEqual(Object.keys(PRODUCT_API).sort());
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
    const { method = 'GET', path = '/' } = procedure['~orpc'].route;
    const params = Object.fromEntries(Object.entries(row.params ?? {}).map(([k, v]) => [k, ids[v] ?? v]));
    const url = path.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '');
    const want = status(row, caller);
    const res = await api<{ code?: string; message?: string }>(method, url, { cookie: cookies[caller], body: row.body?.() });
    expect(res.status, `${caller} ${method} ${url}: ${JSON.stringify(res.body)}`).toBe(want);
    if (want === 403) {
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: `You are not allowed to access resource: ${row.denied}` });
    }
  });

  it.each(Object.keys(AUTH_API))('auth API %s', async (path) => {
    const row = AUTH_API[path]!;
    const res = await authApi(row.method, path, { cookie: cookies[caller], body: row.body?.() });
    expect(res.status, `${caller} ${row.method} ${path}: ${JSON.stringify(res.body)}`).toBe(status(row, caller));
  });
});
