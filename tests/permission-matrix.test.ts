/**
 * The permission matrix: every product-API procedure and every admin endpoint of the auth API,
 * called as signed-out, user, banned user and admin, with the exact status expected from the one
 * declaration (each procedure's `meta.permission`, AUTH_ADMIN_ENDPOINTS for Better Auth). A new
 * procedure or endpoint without a rule and a sample call here fails the first tests.
 */
import { isProcedure, type AnyProcedure } from '@orpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ADMIN_ENDPOINTS, rolesAllow, type Permission } from '#/lib/permissions';
import { authEndpointEnabled } from '#/server/auth-endpoints.ts';
import { getAuth } from '#/server/auth.ts';
import { router } from '#/server/router.ts';
import { api, authApi, signIn } from './support/api.ts';

type Caller = 'signed-out' | 'banned' | 'user' | 'admin';
const CALLERS: Caller[] = ['signed-out', 'banned', 'user', 'admin'];
const ROLE: Record<Caller, string | null> = { 'signed-out': null, banned: null, user: 'user', admin: 'admin' };

/** What an allowed caller sends, and the status it gets. `fresh` builds a new body per call. */
interface Sample {
  params?: Record<string, string>;
  body?: () => Record<string, unknown> | undefined;
  status: number;
}

let n = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;
const ids: Record<string, string> = {};
const missing = '00000000-0000-4000-8000-000000000000';

/** Product API: one sample per procedure (`router` path). */
const PROCEDURE_SAMPLES: Record<string, Sample> = {
  'books.list': { status: 200 },
  'books.get': { params: { id: missing }, status: 404 },
  'books.create': { body: () => ({ title: unique('Matrix'), author: 'Tester' }), status: 201 },
  'books.update': { params: { id: missing }, body: () => ({ title: unique('Matrix'), author: 'Tester' }), status: 404 },
  'books.delete': { params: { id: missing }, status: 404 },
  'genres.list': { status: 200 },
  'genres.get': { params: { id: missing }, status: 404 },
  'genres.create': { body: () => ({ name: unique('Genre') }), status: 201 },
  'users.list': { status: 200 },
  'users.get': { params: { id: missing }, status: 404 },
  'users.create': { body: () => ({ name: 'Matrix', email: `${unique('m')}@example.com`, role: 'user' }), status: 201 },
  'users.update': {
    params: { id: 'target' },
    body: () => ({ name: 'Renamed', email: `${unique('r')}@example.com`, role: 'user' }),
    status: 200,
  },
  'dashboard.get': { status: 200 },
};

/** Auth API: one sample per admin endpoint. `userId: 'target'` is replaced by a throwaway user. */
const ENDPOINT_SAMPLES: Record<string, Sample & { method: 'GET' | 'POST' }> = {
  '/admin/list-users': { method: 'GET', body: () => ({ limit: 1 }), status: 200 },
  '/admin/set-role': { method: 'POST', body: () => ({ userId: ids.target, role: 'user' }), status: 200 },
  '/admin/ban-user': { method: 'POST', body: () => ({ userId: ids.target }), status: 200 },
  '/admin/unban-user': { method: 'POST', body: () => ({ userId: ids.target }), status: 200 },
  '/admin/impersonate-user': { method: 'POST', body: () => ({ userId: ids.target }), status: 200 },
  '/admin/stop-impersonating': { method: 'POST', status: 400 },
  '/admin/list-user-sessions': { method: 'POST', body: () => ({ userId: ids.target }), status: 200 },
  '/admin/revoke-user-session': { method: 'POST', body: () => ({ sessionToken: 'no-such-token' }), status: 200 },
  '/admin/revoke-user-sessions': { method: 'POST', body: () => ({ userId: ids.target }), status: 200 },
  '/admin/remove-user': { method: 'POST', body: () => ({ userId: ids.removable }), status: 200 },
};

function* procedures(node: unknown, path: string[] = []): Generator<[string, AnyProcedure]> {
  if (isProcedure(node)) {
    yield [path.join('.'), node];
    return;
  }
  for (const [key, child] of Object.entries(node as object)) yield* procedures(child, [...path, key]);
}
const allProcedures = [...procedures(router)];

/** The status the declaration promises a caller. */
function expected(caller: Caller, rule: Permission | 'public' | 'signed-in' | null, allowedStatus: number) {
  if (rule === 'public') return allowedStatus;
  const role = ROLE[caller];
  if (!role) return 401;
  if (rule === 'signed-in') return allowedStatus;
  return rule && rolesAllow(role, rule) ? allowedStatus : 403;
}

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

describe('permission matrix: every rule is declared and sampled', () => {
  it('gives every product-API procedure a permission and a sample call', () => {
    for (const [name, procedure] of allProcedures) {
      expect(procedure['~orpc'].meta.permission, `${name} declares no permission`).toBeDefined();
    }
    expect(allProcedures.map(([name]) => name).sort()).toEqual(Object.keys(PROCEDURE_SAMPLES).sort());
  });

  it('gives every admin endpoint of the auth API a rule and a sample call', async () => {
    const auth = await getAuth();
    const doc = (await auth.api.generateOpenAPISchema()) as { paths: Record<string, unknown> };
    const adminPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/admin/') && authEndpointEnabled(p));
    expect(adminPaths.sort()).toEqual(Object.keys(AUTH_ADMIN_ENDPOINTS).sort());
    expect(Object.keys(ENDPOINT_SAMPLES).sort()).toEqual(Object.keys(AUTH_ADMIN_ENDPOINTS).sort());
  });
});

describe.each(CALLERS)('permission matrix as %s', (caller) => {
  it.each(allProcedures.map(([name, procedure]) => ({ name, procedure })))('product API $name', async ({ name, procedure }) => {
    const sample = PROCEDURE_SAMPLES[name]!;
    const { method = 'GET', path = '/' } = procedure['~orpc'].route;
    const params = Object.fromEntries(Object.entries(sample.params ?? {}).map(([k, v]) => [k, ids[v] ?? v]));
    const url = path.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '');
    const rule = procedure['~orpc'].meta.permission!;
    const want = expected(caller, rule, sample.status);
    const res = await api<{ code?: string; message?: string }>(method, url, { cookie: cookies[caller], body: sample.body?.() });
    expect(res.status, `${caller} ${method} ${url}: ${JSON.stringify(res.body)}`).toBe(want);
    if (want === 403) {
      const resource = Object.keys(rule as Permission).find((r) => !rolesAllow(ROLE[caller], { [r]: (rule as never)[r] }));
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: `You are not allowed to access resource: ${resource}` });
    }
  });

  it.each(Object.keys(AUTH_ADMIN_ENDPOINTS))('auth API %s', async (path) => {
    const sample = ENDPOINT_SAMPLES[path]!;
    const want = expected(caller, AUTH_ADMIN_ENDPOINTS[path]!, sample.status);
    const res = await authApi(sample.method, path, { cookie: cookies[caller], body: sample.body?.() });
    expect(res.status, `${caller} ${sample.method} ${path}: ${JSON.stringify(res.body)}`).toBe(want);
  });
});
