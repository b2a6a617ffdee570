// API keys (docs/decisions/073-api-keys.md) through the same handlers as HTTP: created by a signed-in person,
// used by a program with `x-api-key` or `Authorization: Bearer`, narrowed by the owner's role on every call.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { defaultKeyHasher } from '@better-auth/api-key';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getAuth } from '#/server/auth.ts';
import { queryRows } from '#/server/db/client.ts';
import { database } from '#/server/db/index.ts';
import { apikey, user } from '#/server/db/schema.ts';
import { hashOfKey } from '#/server/api-keys.ts';
import { logger } from '#/server/logger.ts';
import { openApiDocument } from '#/server/openapi.ts';
import { api, authApi, signIn } from './api.ts';

type Key = { id: string; name: string; start: string | null; permissions: Record<string, string[]>; expiresAt: string | null };
type Created = Key & { secret: string };
type ApiError = { code: string; message: string; data?: { fields?: Record<string, string>; resource?: string } };

const address = (prefix: string) => `${prefix}.${randomBytes(4).toString('hex')}@example.org`;

/** A person of `role` with a session: their id and cookie. */
async function person(role: 'user' | 'admin') {
  const email = address(role);
  const db = await database();
  const id = crypto.randomUUID();
  await db.insert(user).values({ id, email, name: `Key ${role}`, role, emailVerified: true, onboardedAt: new Date() });
  return { id, email, cookie: await signIn(email) };
}

const createKey = (cookie: string, body: Record<string, unknown>) => api<Created & ApiError>('POST', '/account/api-keys', { cookie, body });
const withKey = <T = Record<string, unknown>>(method: string, path: string, secret: string, body?: unknown, language?: string) =>
  api<T & ApiError>(method, path, { headers: { 'x-api-key': secret }, body, language });

const auditOf = async (action: string, keyId: string) =>
  queryRows<{ actor_id: string; details: Record<string, unknown> }>(
    await database(),
    sql`select actor_id, details from audit_event where action = ${action} and details->>'keyId' = ${keyId}`,
  );

/** What the keys below are given: the users' list, which an administrator holds and a plain user does not. */
const LIST_USERS = { user: ['list'] };

export function apiKeysSuite() {
  // The keys are an administrator's: once the example is removed a plain user's role has nothing to give a key
  // (decision 093); the plain user is the one refused.
  let admin: Awaited<ReturnType<typeof person>>;
  let reader: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    admin = await person('admin');
    reader = await person('user');
  });
  afterEach(() => vi.restoreAllMocks());

  describe('API keys: creating and listing', () => {
    it('shows the secret once, stores only its hash, and lists the key without it', async () => {
      const created = await createKey(admin.cookie, { name: 'Listing script', expiresInDays: 30, permissions: LIST_USERS });
      expect(created.status).toBe(200);
      expect(created.body.secret).toMatch(/^sb_[A-Za-z0-9]{64}$/);
      expect(created.body).toMatchObject({
        name: 'Listing script',
        start: created.body.secret.slice(0, 11),
        permissions: { user: ['list'] },
      });
      const expires = new Date(created.body.expiresAt!).getTime() - Date.now();
      expect(Math.abs(expires - 30 * 24 * 3600_000)).toBeLessThan(60_000);

      const [row] = await (await database()).select().from(apikey).where(eq(apikey.id, created.body.id));
      expect(row!.key).not.toContain(created.body.secret);
      expect(row!.referenceId).toBe(admin.id);

      const listed = await api<Key[]>('GET', '/account/api-keys', { cookie: admin.cookie });
      expect(listed.body.map((k) => k.name)).toEqual(['Listing script']);
      expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
      expect(JSON.stringify(listed.body)).not.toContain(row!.key);
      // Audited with its name and first characters, never the secret.
      const [event] = await auditOf('api-key.created', created.body.id);
      expect(event).toMatchObject({ actor_id: admin.id, details: { name: 'Listing script', permissions: { user: ['list'] } } });
      expect(JSON.stringify(event)).not.toContain(created.body.secret);
    });

    it('refuses more than the person may do today, an empty name, no permission and an unknown one', async () => {
      const beyond = await createKey(reader.cookie, { name: 'Too much', expiresInDays: null, permissions: LIST_USERS });
      expect([beyond.status, beyond.body.code, beyond.body.data?.resource]).toEqual([403, 'FORBIDDEN', 'user']);
      const french = await api<ApiError>('POST', '/account/api-keys', {
        cookie: reader.cookie,
        language: 'fr',
        body: { name: '  ', expiresInDays: null, permissions: {} },
      });
      expect(french.status).toBe(400);
      expect(french.body.data?.fields).toEqual({ name: 'Nommez la clé', permissions: 'Choisissez au moins une permission' });
      const unknown = await createKey(reader.cookie, { name: 'Odd', expiresInDays: null, permissions: { user: ['burn'] } });
      expect(unknown.body.data?.fields).toEqual({ permissions: 'Unknown permission' });
      const apps = await createKey(reader.cookie, { name: 'Pages', expiresInDays: null, permissions: { apps: ['app'] } });
      expect(apps.status).toBe(400);
      expect(await api('GET', '/account/api-keys', { cookie: reader.cookie })).toMatchObject({ status: 200 });
      expect((await (await database()).select().from(apikey).where(eq(apikey.name, 'Too much'))).length).toBe(0);
    });

    it('is refused while an administrator impersonates the person', async () => {
      const started = await authApi('POST', '/admin/impersonate-user', { cookie: admin.cookie, body: { userId: reader.id } });
      expect(started.status).toBe(200);
      // The answer first clears the admin's cookie, then sets the impersonation's: the last one counts.
      const jar = new Map(started.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const res = await createKey(cookie, { name: 'Not mine', expiresInDays: null, permissions: LIST_USERS });
      expect([res.status, res.body.message]).toEqual([403, 'Keys cannot be created while impersonating someone']);
    });
  });

  describe('API keys: calling the API with one', () => {
    it('answers within its permissions, by x-api-key or Bearer, and refuses the rest with a translated 403', async () => {
      const { secret } = (await createKey(admin.cookie, { name: 'Users', expiresInDays: null, permissions: LIST_USERS })).body;
      expect((await withKey<{ items: unknown[] }>('GET', '/users?limit=2', secret)).body.items).toHaveLength(2);
      const bearer = await api<{ items: unknown[] }>('GET', '/users?limit=1', { headers: { authorization: `Bearer ${secret}` } });
      expect([bearer.status, bearer.body.items.length]).toEqual([200, 1]);
      // The audit log: the owner may read it, the key was not given it.
      const audit = await withKey('GET', '/audit', secret, undefined, 'fr');
      expect([audit.status, audit.body.code, audit.body.message]).toEqual([
        403,
        'FORBIDDEN',
        "Vous n'êtes pas autorisé à accéder à la ressource : audit",
      ]);
      // One's own account answers a signed-in person only; so does making keys.
      expect((await withKey('GET', '/account/sessions', secret)).body.code).toBe('API_KEY_SESSION_ONLY');
      const more = await withKey('POST', '/account/api-keys', secret, { name: 'Child', expiresInDays: null, permissions: LIST_USERS });
      expect([more.status, more.body.code]).toEqual([403, 'FORBIDDEN']);
    });

    it('a key is its owner: a cookie beside it is not read', async () => {
      const { secret } = (await createKey(admin.cookie, { name: 'Beside', expiresInDays: null, permissions: LIST_USERS })).body;
      // The administrator's own cookie would read the audit log; the key may not.
      const res = await api('GET', '/audit', { cookie: admin.cookie, headers: { 'x-api-key': secret } });
      expect([res.status, (res.body as ApiError).data?.resource]).toEqual([403, 'audit']);
      // A plain user's cookie would not list the users; the key does.
      expect((await api('GET', '/users?limit=1', { cookie: reader.cookie, headers: { 'x-api-key': secret } })).status).toBe(200);
    });

    it('loses what its owner loses at once: demoted, banned, deleted', async () => {
      const db = await database();
      const owner = await person('admin');
      const created = await createKey(owner.cookie, {
        name: 'Admin tool',
        expiresInDays: null,
        permissions: { user: ['list', 'create', 'set-role'] },
      });
      expect(created.status).toBe(200);
      const { secret } = created.body;
      const made = await withKey<{ id: string }>('POST', '/users', secret, { name: 'By Key', email: address('by-key'), role: 'user' });
      expect(made.status).toBe(201);
      // Attributed to the key and its owner in the audit log.
      const [event] = await queryRows<{ actor_id: string; details: { apiKey: { id: string; name: string } } }>(
        db,
        sql`select actor_id, details from audit_event where action = 'user.created' and target_id = ${made.body.id}`,
      );
      expect(event).toEqual({ actor_id: owner.id, details: { apiKey: { id: created.body.id, name: 'Admin tool' } } });

      await db.update(user).set({ role: 'user' }).where(eq(user.id, owner.id));
      expect((await withKey('GET', '/users', secret)).status).toBe(403);
      await db.update(user).set({ role: 'admin' }).where(eq(user.id, owner.id));
      expect((await withKey('GET', '/users', secret)).status).toBe(200);

      await db.update(user).set({ banned: true }).where(eq(user.id, owner.id));
      const banned = await withKey('GET', '/users', secret);
      expect([banned.status, banned.body.code]).toEqual([403, 'BANNED_USER']);
      await db.update(user).set({ banned: false }).where(eq(user.id, owner.id));

      await db.delete(user).where(eq(user.id, owner.id));
      const gone = await withKey('GET', '/users', secret);
      expect([gone.status, gone.body.code]).toEqual([401, 'API_KEY_INVALID']);
    });

    it('refuses a revoked, an expired and a made-up key with 401', async () => {
      const db = await database();
      const revoked = (await createKey(admin.cookie, { name: 'Revoked', expiresInDays: null, permissions: LIST_USERS })).body;
      expect((await api('DELETE', `/account/api-keys/${revoked.id}`, { cookie: admin.cookie })).status).toBe(200);
      expect((await auditOf('api-key.revoked', revoked.id)).length).toBe(1);
      const afterRevoke = await withKey('GET', '/users', revoked.secret, undefined, 'fr');
      expect([afterRevoke.status, afterRevoke.body.message]).toEqual([
        401,
        'Cette clé d’API n’est pas valide : elle a été révoquée, ou n’a jamais existé',
      ]);

      const expired = (await createKey(admin.cookie, { name: 'Expired', expiresInDays: 1, permissions: LIST_USERS })).body;
      await db
        .update(apikey)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apikey.id, expired.id));
      const late = await withKey('GET', '/users', expired.secret);
      expect([late.status, late.body.code]).toEqual([401, 'API_KEY_EXPIRED']);

      const madeUp = await withKey('GET', '/users', `sb_${'x'.repeat(64)}`);
      expect([madeUp.status, madeUp.body.code]).toEqual([401, 'API_KEY_INVALID']);
      expect((await api('GET', '/users', { headers: { authorization: 'Bearer ' } })).status).toBe(401);
    });

    it('hashes a presented key as the plugin stored it', async () => {
      const secret = `sb_${randomBytes(32).toString('hex')}`;
      expect(hashOfKey(secret)).toBe(await defaultKeyHasher(secret));
    });

    it('has its own rate limit: past it, 429 with Retry-After', async () => {
      const auth = await getAuth();
      const made = await auth.api.createApiKey({
        body: { userId: admin.id, name: 'Tight', permissions: LIST_USERS, rateLimitMax: 2, rateLimitTimeWindow: 60_000 },
      });
      expect((await withKey('GET', '/users?limit=1', made.key)).status).toBe(200);
      expect((await withKey('GET', '/users?limit=1', made.key)).status).toBe(200);
      const third = await withKey('GET', '/users?limit=1', made.key);
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(third.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    });

    it('never writes the secret in a log line, whatever the answer', async () => {
      const lines: string[] = [];
      for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) {
        vi.spyOn(logger(), level).mockImplementation((...args: unknown[]) => void lines.push(JSON.stringify(args)));
      }
      for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
        vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map((a) => String(a)).join(' ')));
      }
      const created = await createKey(admin.cookie, { name: 'Quiet', expiresInDays: null, permissions: LIST_USERS });
      const { secret } = created.body;
      await withKey('GET', '/users', secret);
      await withKey('GET', '/audit', secret);
      await withKey('POST', '/users', secret, { name: 'x' });
      await api('DELETE', `/account/api-keys/${created.body.id}`, { cookie: admin.cookie });
      await withKey('GET', '/users', secret);
      expect(lines.join('\n')).not.toContain(secret);
      expect(lines.join('\n')).not.toContain(secret.slice(11));
    });
  });

  describe('API keys: the manager', () => {
    it('an administrator lists and revokes anyone’s keys; a user cannot', async () => {
      const holder = await person('admin');
      const key = (await createKey(holder.cookie, { name: 'Listed', expiresInDays: null, permissions: LIST_USERS })).body;
      const listed = await api<Key[]>('GET', `/users/${holder.id}/api-keys`, { cookie: admin.cookie });
      expect(listed.body.map((k) => k.name)).toContain('Listed');
      expect(JSON.stringify(listed.body)).not.toContain(key.secret);
      expect((await api('GET', `/users/${holder.id}/api-keys`, { cookie: reader.cookie })).status).toBe(403);
      expect((await api('DELETE', `/users/${holder.id}/api-keys/${key.id}`, { cookie: reader.cookie })).status).toBe(403);

      expect((await api('DELETE', `/users/${holder.id}/api-keys/${key.id}`, { cookie: admin.cookie })).status).toBe(200);
      expect((await withKey('GET', '/users', key.secret)).status).toBe(401);
      const [event] = await auditOf('api-key.revoked', key.id);
      expect(event?.actor_id).toBe(admin.id);
      // A key of someone else's is not found under another user.
      expect((await api('DELETE', `/users/${admin.id}/api-keys/${key.id}`, { cookie: admin.cookie })).status).toBe(404);
    });

    it('the OpenAPI document declares both ways of presenting a key', async () => {
      const doc = (await openApiDocument()) as unknown as { components: { securitySchemes: Record<string, unknown> } };
      expect(doc.components.securitySchemes).toMatchObject({
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearer: { type: 'http', scheme: 'bearer' },
      });
    });
  });
}

export function apiKeysDemoSuite() {
  describe('API keys in demo mode', () => {
    it('refuses creating one; a key made before the demo still reads', async () => {
      const cookie = await signIn('admin@example.com');
      const res = await createKey(cookie, { name: 'Demo', expiresInDays: null, permissions: { user: ['list'] } });
      expect([res.status, res.body.code]).toEqual([403, 'DEMO_MODE']);
      const [owner] = await (await database()).select({ id: user.id }).from(user).where(eq(user.email, 'admin@example.com'));
      // Made before the demo (the demo refuses making one): straight into the table, hashed as the plugin hashes.
      const secret = `sb_${randomBytes(32).toString('hex')}`;
      await (await database()).insert(apikey).values({
        id: crypto.randomUUID(),
        name: 'Before',
        key: await defaultKeyHasher(secret),
        referenceId: owner!.id,
        permissions: JSON.stringify({ user: ['list'] }),
      });
      expect((await withKey('GET', '/users?limit=1', secret)).status).toBe(200);
    });

    it("refuses a key's write as any other, recorded under the key's owner and name", async () => {
      const admin = await person('admin');
      const secret = `sb_${randomBytes(32).toString('hex')}`;
      const keyId = crypto.randomUUID();
      await (await database()).insert(apikey).values({
        id: keyId,
        name: 'Demo writer',
        key: await defaultKeyHasher(secret),
        referenceId: admin.id,
        permissions: JSON.stringify({ user: ['list', 'create', 'set-role'] }),
      });
      const res = await withKey('POST', '/users', secret, { name: 'Not in a demo', email: 'not.in.demo@example.org', role: 'user' });
      expect([res.status, res.body.code]).toEqual([403, 'DEMO_MODE']);
      const [recorded] = await queryRows<{ actor_id: string; details: { path: string; apiKey: { id: string; name: string } } }>(
        await database(),
        sql`select actor_id, details from audit_event where action = 'demo.refused' and actor_id = ${admin.id}`,
      );
      expect(recorded).toEqual({ actor_id: admin.id, details: { path: '/users', apiKey: { id: keyId, name: 'Demo writer' } } });
    });
  });
}
