// An organisation's API keys (docs/decisions/103-organisation-api-keys.md) through the same handlers as HTTP: made by
// its owners and admins, acting as the organisation on its own rows and on what a member reads, and nowhere else.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#/server/db/client.ts';
import { database } from '#/server/db/index.ts';
import { apikey, member, organization, user } from '#/server/db/schema.ts';
import { api, authApi, signIn } from './api.ts';

type Key = {
  id: string;
  name: string;
  permissions: Record<string, string[]>;
  createdBy: { id: string; name: string } | null;
  revokedAt: string | null;
  revokedBy: { id: string; name: string } | null;
};
type ApiError = { code: string; message: string; data?: { resource?: string; fields?: Record<string, string> } };

const tag = () => randomBytes(4).toString('hex');

/** A person with a session: their id and cookie. */
async function person(name: string) {
  const email = `${name.toLowerCase()}.${tag()}@example.org`;
  const id = crypto.randomUUID();
  await (await database()).insert(user).values({ id, email, name, role: 'user', emailVerified: true, onboardedAt: new Date() });
  return { id, name, email, cookie: await signIn(email) };
}

/** An organisation `owner` creates (it becomes their active one), with `others` as members of the given roles. */
async function organizationOf(owner: Awaited<ReturnType<typeof person>>, others: Array<[Awaited<ReturnType<typeof person>>, string]> = []) {
  const slug = `keys-${tag()}`;
  const created = await authApi<{ id: string }>('POST', '/organization/create', {
    cookie: owner.cookie,
    body: { name: `Keys ${slug}`, slug },
  });
  expect(created.status).toBe(200);
  const db = await database();
  for (const [someone, role] of others) {
    await db
      .insert(member)
      .values({ id: crypto.randomUUID(), organizationId: created.body.id, userId: someone.id, role, createdAt: new Date() });
  }
  return { id: created.body.id, slug };
}

const makeKey = (cookie: string, slug: string, permissions: Record<string, string[]>, name = 'Org script') =>
  api<Key & { secret: string } & ApiError>('POST', `/organizations/${slug}/api-keys`, {
    cookie,
    body: { name, expiresInDays: 30, permissions },
  });
const withKey = <T = Record<string, unknown>>(method: string, path: string, secret: string, body?: unknown, language?: string) =>
  api<T & ApiError>(method, path, { headers: { authorization: `Bearer ${secret}` }, body, language });

const auditRows = async (action: string, keyId: string) =>
  queryRows<{ actor_id: string | null; target_id: string | null; details: Record<string, unknown> }>(
    await database(),
    sql`select actor_id, target_id, details from audit_event where action = ${action}
        and (details->>'keyId' = ${keyId} or details->'apiKey'->>'id' = ${keyId}) order by created_at`,
  );

export function organizationApiKeysSuite() {
  let owner: Awaited<ReturnType<typeof person>>;
  let manager: Awaited<ReturnType<typeof person>>;
  let plain: Awaited<ReturnType<typeof person>>;
  let org: { id: string; slug: string };
  let other: { id: string; slug: string };
  let otherOwner: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    owner = await person('Olga');
    manager = await person('Adam');
    plain = await person('Mia');
    org = await organizationOf(owner, [
      [manager, 'admin'],
      [plain, 'member'],
    ]);
    otherOwner = await person('Otto');
    other = await organizationOf(otherOwner);
  });

  describe('organisation API keys: making them', () => {
    it('an owner makes one on the organisation: the secret once, listed with its maker, audited on the organisation', async () => {
      const made = await makeKey(owner.cookie, org.slug, { organizationWebhook: ['read'] });
      expect(made.status).toBe(200);
      expect(made.body.secret).toMatch(/^sb_[A-Za-z0-9]{64}$/);
      expect(made.body).toMatchObject({
        permissions: { organizationWebhook: ['read'] },
        createdBy: { id: owner.id, name: 'Olga' },
        revokedAt: null,
      });
      const [row] = await (await database()).select().from(apikey).where(eq(apikey.id, made.body.id));
      expect(row).toMatchObject({
        configId: 'organization',
        referenceId: org.id,
        organizationId: org.id,
        userId: null,
        createdBy: owner.id,
      });
      const listed = await api<Key[]>('GET', `/organizations/${org.slug}/api-keys`, { cookie: owner.cookie });
      expect(listed.body.map((k) => k.id)).toContain(made.body.id);
      expect(JSON.stringify(listed.body)).not.toContain(made.body.secret);
      // Not the maker's own: their account lists and exports none of the organisation's keys.
      const mine = await api<Array<{ id: string }>>('GET', '/account/api-keys', { cookie: owner.cookie });
      expect(mine.body.map((k) => k.id)).not.toContain(made.body.id);
      const [event] = await auditRows('api-key.created', made.body.id);
      expect(event).toMatchObject({ actor_id: owner.id, target_id: org.id });
      expect(JSON.stringify(event)).not.toContain(made.body.secret);
    });

    it('a plain member may not make, list or revoke them; an admin may not give what only owners may do', async () => {
      const byMember = await makeKey(plain.cookie, org.slug, { organizationWebhook: ['read'] });
      expect([byMember.status, byMember.body.message]).toEqual([403, "Only the organisation's owners and admins manage its API keys"]);
      expect((await api('GET', `/organizations/${org.slug}/api-keys`, { cookie: plain.cookie })).status).toBe(403);
      const webhooks = await makeKey(manager.cookie, org.slug, { organizationWebhook: ['read'] });
      expect([webhooks.status, webhooks.body.code, webhooks.body.data?.resource]).toEqual([403, 'FORBIDDEN', 'organizationWebhook']);
      // Another organisation's: 404, as to anyone who is not a member.
      expect((await makeKey(owner.cookie, other.slug, { organizationWebhook: ['read'] })).status).toBe(404);
      const unknown = await makeKey(owner.cookie, org.slug, { user: ['list'] });
      expect([unknown.status, unknown.body.data?.fields]).toEqual([400, { permissions: 'Unknown permission' }]);
    });
  });

  describe('organisation API keys: calling the API with one', () => {
    it('reaches its own organisation as granted, never another, never an account, never the manager', async () => {
      const { secret } = (await makeKey(owner.cookie, org.slug, { organizationWebhook: ['read'] })).body;
      const listed = await withKey<unknown[]>('GET', `/organizations/${org.slug}/webhooks`, secret);
      expect(listed.status).toBe(200);
      // Another organisation's rows: 404, whether it exists or not.
      expect((await withKey('GET', `/organizations/${other.slug}/webhooks`, secret)).status).toBe(404);
      // Granted to read, not to manage.
      const create = await withKey(
        'POST',
        `/organizations/${org.slug}/webhooks`,
        secret,
        { url: 'https://example.com/k', events: ['member.added'] },
        'fr',
      );
      expect([create.status, create.body.code, create.body.data?.resource]).toEqual([403, 'FORBIDDEN', 'organizationWebhook']);
      expect(create.body.message).toBe("Vous n'êtes pas autorisé à accéder à la ressource : organizationWebhook");
      // A person's account, the organisation's keys and its page are for people.
      for (const path of ['/account/api-keys', '/organizations', `/organizations/${org.slug}/api-keys`]) {
        expect((await withKey('GET', path, secret)).body.code, path).toBe('API_KEY_SESSION_ONLY');
      }
      // The manager's.
      expect((await withKey('GET', '/users', secret)).status).toBe(403);
      expect((await withKey('GET', '/manager/organizations', secret)).status).toBe(403);
    });

    it('reads its members when granted, oldest first, as a member reads them; not without the grant, nor another organisation’s', async () => {
      const { secret } = (await makeKey(owner.cookie, org.slug, { member: ['read'] }, 'Directory sync')).body;
      const listed = await withKey<Array<{ userId: string; email: string; name: string; role: string }>>(
        'GET',
        `/organizations/${org.slug}/members`,
        secret,
      );
      expect(listed.status).toBe(200);
      expect(listed.body.map((m) => [m.name, m.email, m.role])).toEqual([
        ['Olga', owner.email, 'owner'],
        ['Adam', manager.email, 'admin'],
        ['Mia', plain.email, 'member'],
      ]);
      // What any member reads on the organisation's page, through the same procedure.
      const asMember = await api<unknown[]>('GET', `/organizations/${org.slug}/members`, { cookie: plain.cookie });
      expect(asMember.body).toEqual(listed.body);
      expect((await withKey('GET', `/organizations/${other.slug}/members`, secret)).status).toBe(404);
      const ungranted = (await makeKey(owner.cookie, org.slug, { organizationWebhook: ['read'] })).body.secret;
      const refused = await withKey('GET', `/organizations/${org.slug}/members`, ungranted);
      expect([refused.status, refused.body.code, refused.body.data?.resource]).toEqual([403, 'FORBIDDEN', 'member']);
      // Not a member: 404, as for every organisation's rows.
      expect((await api('GET', `/organizations/${org.slug}/members`, { cookie: (await person('Nadia')).cookie })).status).toBe(404);
    });

    it('writes as the organisation, not as its maker, and keeps working after its maker leaves', async () => {
      const made = await makeKey(owner.cookie, org.slug, { organizationWebhook: ['read', 'manage'] }, 'Hooks bot');
      const created = await withKey<{ id: string }>('POST', `/organizations/${org.slug}/webhooks`, made.body.secret, {
        url: 'https://example.com/org-key',
        events: ['member.added'],
      });
      expect(created.status).toBe(201);
      const [event] = await auditRows('webhook.created', made.body.id);
      expect(event).toMatchObject({ actor_id: null, details: { apiKey: { id: made.body.id, name: 'Hooks bot', organizationId: org.id } } });

      // A second owner takes over; the maker leaves: the key still acts as the organisation.
      const heir = await person('Hana');
      const db = await database();
      await db
        .insert(member)
        .values({ id: crypto.randomUUID(), organizationId: org.id, userId: heir.id, role: 'owner', createdAt: new Date() });
      await db.delete(member).where(and(eq(member.organizationId, org.id), eq(member.userId, owner.id)));
      try {
        expect((await withKey('GET', `/organizations/${org.slug}/webhooks/${created.body.id}`, made.body.secret)).status).toBe(200);
        expect((await withKey('DELETE', `/organizations/${org.slug}/webhooks/${created.body.id}`, made.body.secret)).status).toBe(200);
      } finally {
        await db
          .insert(member)
          .values({ id: crypto.randomUUID(), organizationId: org.id, userId: owner.id, role: 'owner', createdAt: new Date() });
      }
    });

    it("lists what each key did, newest first, to its organisation's owners and admins only", async () => {
      const busy = await makeKey(owner.cookie, org.slug, { organizationWebhook: ['read', 'manage'] }, 'Busy bot');
      const idle = await makeKey(owner.cookie, org.slug, { organizationWebhook: ['read'] }, 'Idle bot');
      const made = await withKey<{ id: string }>('POST', `/organizations/${org.slug}/webhooks`, busy.body.secret, {
        url: 'https://example.com/activity',
        events: ['member.added'],
      });
      expect(made.status).toBe(201);
      expect((await withKey('DELETE', `/organizations/${org.slug}/webhooks/${made.body.id}`, busy.body.secret)).status).toBe(200);
      type Page = {
        items: Array<{ action: string; targetId: string | null; details: { apiKey?: { id: string } } }>;
        nextCursor: string | null;
      };
      const activity = await api<Page>('GET', `/organizations/${org.slug}/api-keys/${busy.body.id}/activity`, { cookie: manager.cookie });
      expect(activity.status).toBe(200);
      expect(activity.body.items.map((event) => [event.action, event.targetId])).toEqual([
        ['webhook.deleted', made.body.id],
        ['webhook.created', made.body.id],
      ]);
      expect(activity.body.items.every((event) => event.details.apiKey?.id === busy.body.id)).toBe(true);
      // One a page: the second comes with the cursor.
      const first = await api<Page>('GET', `/organizations/${org.slug}/api-keys/${busy.body.id}/activity?limit=1`, {
        cookie: owner.cookie,
      });
      expect(first.body.items.map((event) => event.action)).toEqual(['webhook.deleted']);
      const second = await api<Page>(
        'GET',
        `/organizations/${org.slug}/api-keys/${busy.body.id}/activity?limit=1&cursor=${encodeURIComponent(first.body.nextCursor!)}`,
        { cookie: owner.cookie },
      );
      expect(second.body.items.map((event) => event.action)).toEqual(['webhook.created']);
      expect(
        (await api<Page>('GET', `/organizations/${org.slug}/api-keys/${idle.body.id}/activity`, { cookie: owner.cookie })).body.items,
      ).toEqual([]);
      // A plain member may not read it; another organisation does not find the key; a key does not read itself.
      expect((await api('GET', `/organizations/${org.slug}/api-keys/${busy.body.id}/activity`, { cookie: plain.cookie })).status).toBe(403);
      const elsewhere = await api('GET', `/organizations/${other.slug}/api-keys/${busy.body.id}/activity`, { cookie: otherOwner.cookie });
      expect(elsewhere.status).toBe(404);
      expect((await withKey('GET', `/organizations/${org.slug}/api-keys/${busy.body.id}/activity`, busy.body.secret)).status).not.toBe(200);
    });

    it('revoking keeps the row, with who revoked it and when; the key is refused at once', async () => {
      const made = await makeKey(owner.cookie, org.slug, { organizationWebhook: ['read'] }, 'Short-lived');
      expect((await withKey('GET', `/organizations/${org.slug}/webhooks`, made.body.secret)).status).toBe(200);
      const revoked = await api('DELETE', `/organizations/${org.slug}/api-keys/${made.body.id}`, { cookie: owner.cookie });
      expect(revoked.status).toBe(200);
      const after = await withKey('GET', `/organizations/${org.slug}/webhooks`, made.body.secret);
      expect([after.status, after.body.code]).toEqual([401, 'API_KEY_INVALID']);
      const [row] = await (await database()).select().from(apikey).where(eq(apikey.id, made.body.id));
      expect(row).toMatchObject({ enabled: false, revokedBy: owner.id, name: 'Short-lived' });
      expect(row!.revokedAt).toBeInstanceOf(Date);
      expect(row!.lastRequest).toBeInstanceOf(Date);
      const listed = await api<Key[]>('GET', `/organizations/${org.slug}/api-keys`, { cookie: owner.cookie });
      expect(listed.body.find((k) => k.id === made.body.id)).toMatchObject({ revokedBy: { id: owner.id, name: 'Olga' } });
      // Once only; another organisation's key is not found from this one.
      expect((await api('DELETE', `/organizations/${org.slug}/api-keys/${made.body.id}`, { cookie: owner.cookie })).status).toBe(404);
      expect(await auditRows('api-key.revoked', made.body.id)).toHaveLength(1);
    });

    it('goes with its organisation', async () => {
      const gone = await organizationOf(owner);
      const made = await makeKey(owner.cookie, gone.slug, { organizationWebhook: ['read'] });
      await (await database()).delete(organization).where(eq(organization.id, gone.id));
      expect((await (await database()).select().from(apikey).where(eq(apikey.id, made.body.id))).length).toBe(0);
      expect((await withKey('GET', `/organizations/${gone.slug}/webhooks`, made.body.secret)).status).toBe(401);
    });

    // example:start
    it('reads the catalogue as a member does, and reads and adds to its own shelf as granted', async () => {
      const { body: key } = await makeKey(owner.cookie, org.slug, { book: ['read'], shelf: ['read', 'add'] }, 'Shelf bot');
      const books = await withKey<{ items: Array<{ id: string }> }>('GET', '/books?limit=1', key.secret);
      expect(books.status).toBe(200);
      expect((await withKey('POST', '/books', key.secret, { title: 'No', author: 'Key' })).status).toBe(403);
      const shelf = await withKey<{ organization: { id: string }; role: string | null }>('GET', '/shelf', key.secret);
      expect([shelf.status, shelf.body.organization?.id, shelf.body.role]).toEqual([200, org.id, null]);
      const added = await withKey<{ addedBy: unknown }>('POST', '/shelf', key.secret, { bookId: books.body.items[0]!.id, note: 'by key' });
      expect([added.status, added.body.addedBy]).toEqual([201, null]);
      const [event] = await auditRows('shelf.added', key.id);
      expect(event).toMatchObject({ actor_id: null, target_id: org.id });
      // Not granted: removing; an admin may not give it without the right, a plain member gives nothing.
      const removed = await withKey('DELETE', `/shelf/${(added.body as unknown as { id: string }).id}`, key.secret);
      expect([removed.status, removed.body.data?.resource]).toEqual([403, 'shelf']);
      // A person's key never reaches an organisation's rows.
      const own = await api<{ secret: string }>('POST', '/account/api-keys', {
        cookie: owner.cookie,
        body: { name: 'Mine', expiresInDays: null, permissions: { book: ['read'] } },
      });
      expect((await withKey('GET', '/shelf', own.body.secret)).body.code).toBe('API_KEY_SESSION_ONLY');
    });
    // example:end
  });
}
