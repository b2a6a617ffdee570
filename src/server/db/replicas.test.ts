// Read replicas against a real streaming replica the test makes itself (tests/support/streaming-replica.ts):
// who is served by which server is proved by pausing the replica's replay, so that only the primary has a
// new row, and by the replica's own pg_stat_activity.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { api as apiCall } from '../../../tests/support/api.ts';
import { replicaUnavailable, streamingReplica, type StreamingReplica } from '../../../tests/support/streaming-replica.ts';

const unavailable = replicaUnavailable();
if (unavailable) console.warn(`Read replica tests skipped: ${unavailable}`);
const setup: StreamingReplica | undefined = unavailable ? undefined : await streamingReplica();
if (setup) {
  process.env.DATABASE_URL = setup.primaryUrl;
  process.env.DATABASE_REPLICA_URLS = setup.replicaUrl;
  process.env.DATABASE_REPLICA_MAX_LAG_SECONDS = '5';
  process.env.DATABASE_READ_YOUR_WRITES_SECONDS = '6';
  process.env.API_WRITES_PER_MINUTE = '100000';
}

type List = { items: { id: string; title: string }[]; total: number | null };
type Health = { status: string; replicas?: { configured: number; reachable: number } };

describe.runIf(setup)('read replicas (a real streaming replica)', () => {
  const replica = setup!;
  let api: typeof apiCall;
  let admin: string;
  let reader: string;
  let inserted = 0;

  const onReplica = async <T>(text: string, values: unknown[] = []) => {
    const client = await replica.replica();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const onReplicaCount = async (title: string) =>
    (await onReplica<{ n: number }>('select count(*)::int as n from book where title = $1', [title]))[0]!.n;
  const health = async () => {
    const { checkHealth } = await import('#/server/health.ts');
    return (await (await checkHealth()).json()) as Health;
  };
  /** The replica's state as the metrics give it (db_replica_reachable, db_replica_lag_seconds). */
  const replicaState = async () => (await import('#/server/db/index.ts')).currentReplicas()?.states()[0];
  const search = (cookie: string, title: string) => api<List>('GET', `/books?searchTerm=${encodeURIComponent(title)}`, { cookie });
  const title = (what: string) => `Replica ${what} ${randomBytes(4).toString('hex')}`;
  /** A row only the primary has while the replica's replay is paused. */
  async function onPrimaryOnly(): Promise<string> {
    const { database } = await import('#/server/db/index.ts');
    const { book } = await import('#/server/db/schema.ts');
    const name = title(`marker ${++inserted}`);
    await (await database()).insert(book).values({ id: crypto.randomUUID(), title: name, author: 'Test' });
    return name;
  }

  beforeAll(async () => {
    ({ api } = await import('../../../tests/support/api.ts'));
    const { signIn } = await import('../../../tests/support/api.ts');
    const { ready, database } = await import('#/server/db/index.ts');
    const { seed } = await import('#/server/db/seed.ts');
    await ready();
    await seed(await database());
    admin = await signIn('admin@example.com');
    reader = await signIn('user@example.com');
    // Until the seed has been replayed.
    await vi.waitFor(async () => expect(await replicaState()).toMatchObject({ reachable: true, lagSeconds: 0 }), {
      timeout: 15_000,
      interval: 200,
    });
  });

  afterAll(async () => {
    const { closeDatabase } = await import('#/server/db/index.ts');
    await closeDatabase();
    await replica.remove();
  });

  it('shows a person the book they just created while the replica is behind, and serves another person from the replica', async () => {
    await onReplica('select pg_wal_replay_pause()');
    try {
      const name = title('created');
      const created = await api<{ id: string }>('POST', '/books', { cookie: admin, body: { title: name, author: 'Ada' } });
      expect(created.status).toBe(201);
      expect(await onReplicaCount(name)).toBe(0);

      const own = await search(admin, name);
      expect(own.status).toBe(200);
      expect(own.body.items.map((b) => b.title)).toEqual([name]);
      expect((await api('GET', `/books/${created.body.id}`, { cookie: admin })).status).toBe(200);

      // The other person's answers come from the replica, which has not replayed the book yet.
      const other = await search(reader, name);
      expect(other.status).toBe(200);
      expect(other.body).toMatchObject({ items: [], total: 0 });
      expect((await api('GET', `/books/${created.body.id}`, { cookie: reader })).status).toBe(404);
      const { REPLICA_APPLICATION_NAME } = await import('./replicas.ts');
      const readers = await onReplica<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where application_name = '${REPLICA_APPLICATION_NAME}'`,
      );
      expect(readers[0]!.n).toBeGreaterThan(0);

      const { serveMetrics } = await import('#/server/metrics.ts');
      const server = await serveMetrics(0, '127.0.0.1');
      try {
        const { port } = server.address() as { port: number };
        const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        expect(metrics).toMatch(/^db_replica_reachable\{replica="replica-1"\} 1$/m);
        expect(metrics).toMatch(/^db_replica_lag_seconds\{replica="replica-1"\} \d/m);
        const statements = (server: string) =>
          Number(new RegExp(`^db_lag_tolerant_statements_total\\{server="${server}"\\} (\\d+)$`, 'm').exec(metrics)?.[1]);
        expect(statements('replica-1')).toBeGreaterThan(0);
        expect(statements('primary')).toBeGreaterThan(0);
      } finally {
        server.close();
      }
    } finally {
      await onReplica('select pg_wal_replay_resume()');
    }
  });

  it("sends a manager's reads to the primary after a write through the auth API (a ban)", async () => {
    const { database } = await import('#/server/db/index.ts');
    const { user } = await import('#/server/db/schema.ts');
    const { signIn, authApi } = await import('../../../tests/support/api.ts');
    const db = await database();
    const people = ['manager', 'other-manager', 'banned'].map((who) => ({
      id: crypto.randomUUID(),
      email: `replica-${who}.${randomBytes(3).toString('hex')}@example.org`,
    }));
    for (const [i, p] of people.entries())
      await db.insert(user).values({ ...p, name: p.email, role: i < 2 ? 'admin' : 'user', emailVerified: true, onboardedAt: new Date() });
    const [manager, otherManager] = [await signIn(people[0]!.email), await signIn(people[1]!.email)];
    const banned = people[2]!;
    await vi.waitFor(async () => expect(await onReplica('select 1 from "user" where id = $1', [banned.id])).toHaveLength(1));
    const listed = (cookie: string) =>
      api<{ items: { id: string; banned: boolean }[] }>('GET', `/users?searchTerm=${encodeURIComponent(banned.email)}`, { cookie });

    await onReplica('select pg_wal_replay_pause()');
    try {
      expect((await authApi('POST', '/admin/ban-user', { cookie: manager, body: { userId: banned.id } })).status).toBe(200);
      expect((await listed(manager)).body.items).toMatchObject([{ id: banned.id, banned: true }]);
      expect((await listed(otherManager)).body.items).toMatchObject([{ id: banned.id, banned: false }]);
    } finally {
      await onReplica('select pg_wal_replay_resume()');
    }
  });

  it("sends an API key's reads to the primary after its write", async () => {
    const key = await api<{ secret: string }>('POST', '/account/api-keys', {
      cookie: admin,
      body: { name: 'Replica script', expiresInDays: 1, permissions: { book: ['read', 'create'] } },
    });
    expect(key.status).toBe(200);
    const headers = { 'x-api-key': key.body.secret };
    // The key's owner has just written (the key): wait that out, so only the key's own write counts.
    await new Promise((resolve) => setTimeout(resolve, 6_100));
    await onReplica('select pg_wal_replay_pause()');
    try {
      const before = await onPrimaryOnly();
      expect((await api<List>('GET', `/books?searchTerm=${encodeURIComponent(before)}`, { headers })).body.total).toBe(0);
      const name = title('by key');
      expect((await api('POST', '/books', { headers, body: { title: name, author: 'Script' } })).status).toBe(201);
      const listed = await api<List>('GET', `/books?searchTerm=${encodeURIComponent(name)}`, { headers });
      expect(listed.body.items.map((b) => b.title)).toEqual([name]);
    } finally {
      await onReplica('select pg_wal_replay_resume()');
    }
  });

  it('skips a replica behind by more than DATABASE_REPLICA_MAX_LAG_SECONDS, and reports its lag', { timeout: 60_000 }, async () => {
    // From a replica caught up: on a loaded machine the earlier tests' writes can leave it behind for a while
    // (a full run once found it past the bound before the pause, and the first read went to the primary).
    await vi.waitFor(async () => expect((await replicaState())?.lagSeconds).toBe(0), { timeout: 20_000, interval: 200 });
    await onReplica('select pg_wal_replay_pause()');
    try {
      const name = await onPrimaryOnly();
      expect((await search(reader, name)).body.total).toBe(0);
      // Past the 5 s bound and the next check (each second): 20 s leaves room for a loaded machine.
      await vi.waitFor(async () => expect((await search(reader, name)).body.total).toBe(1), { timeout: 20_000, interval: 250 });
      // The lag is reported as of the last check (each second), the skip decided at the read: within a check of it.
      await vi.waitFor(async () => expect((await replicaState())?.lagSeconds).toBeGreaterThan(5), { timeout: 5_000, interval: 200 });
    } finally {
      await onReplica('select pg_wal_replay_resume()');
    }
    await vi.waitFor(async () => expect((await replicaState())?.lagSeconds).toBe(0), { timeout: 20_000, interval: 200 });
  });

  it(
    'answers every read from the primary at once while the replica is down, then reads from it again; nothing acknowledged is lost',
    { timeout: 90_000 },
    async () => {
      const before = [title('before stop 1'), title('before stop 2')];
      for (const name of before)
        expect((await api('POST', '/books', { cookie: admin, body: { title: name, author: 'Ada' } })).status).toBe(201);
      await replica.stopReplica();

      const during: string[] = [];
      for (let i = 0; i < 10; i++) {
        const started = performance.now();
        const res = await search(reader, before[0]!);
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(1);
        // The replica refuses at once (it is stopped): the primary answers well inside the 1 s connect timeout
        // plus its own read; 2 s leaves room for a loaded machine, far from a hang's 3 s statement timeout.
        expect(performance.now() - started).toBeLessThan(2000);
        during.push(title(`while down ${i}`));
        expect((await api('POST', '/books', { cookie: admin, body: { title: during.at(-1), author: 'Ada' } })).status).toBe(201);
      }
      await vi.waitFor(async () => expect((await replicaState())?.reachable).toBe(false), { timeout: 10_000, interval: 100 });
      expect(await health()).toEqual({ status: 'ok', replicas: { configured: 1, reachable: 0 } });

      await replica.startReplica();
      await vi.waitFor(async () => expect(await replicaState()).toMatchObject({ reachable: true, lagSeconds: 0 }), {
        timeout: 20_000,
        interval: 200,
      });
      for (const name of [...before, ...during]) expect(await onReplicaCount(name), name).toBe(1);

      await onReplica('select pg_wal_replay_pause()');
      try {
        const name = await onPrimaryOnly();
        expect((await search(reader, name)).body.total).toBe(0);
      } finally {
        await onReplica('select pg_wal_replay_resume()');
      }
    },
  );
});
