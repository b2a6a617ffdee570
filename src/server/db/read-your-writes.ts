// After a person (or one of their API keys) writes, their lag-tolerant reads go to the primary for
// DATABASE_READ_YOUR_WRITES_SECONDS: a marker per user where every instance sees it (Redis when REDIS_URL
// is set, else the primary's rate-limit table), so a browser, a script with a key and another instance all
// agree (docs/decisions/090-read-replicas.md). Without replicas nothing is marked or read.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { env } from '../env.ts';
import { queryRows, type Database } from './client.ts';
import { currentReplicas, database } from './index.ts';

const key = (userId: string) => `read-primary:${userId}`;

/** Where the markers live: Redis, or the database's rate-limit table (whose pruning removes them after 60 s). */
export function writeMarkers(store: { redis: Redis } | { db: Database }, seconds: number) {
  if ('redis' in store) {
    const { redis } = store;
    return {
      mark: async (userId: string) => void (await redis.set(key(userId), '1', 'PX', seconds * 1000)),
      marked: async (userId: string) => (await redis.exists(key(userId))) === 1,
    };
  }
  const { db } = store;
  return {
    mark: async (userId: string) =>
      void (await db.execute(
        sql`insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key(userId)}, 0, ${Date.now()})
            on conflict (key) do update set last_request = excluded.last_request`,
      )),
    marked: async (userId: string) =>
      (await queryRows(db, sql`select 1 from rate_limit where key = ${key(userId)} and last_request > ${Date.now() - seconds * 1000}`))
        .length > 0,
  };
}

let markers: Promise<ReturnType<typeof writeMarkers>> | undefined;

function processMarkers() {
  markers ??= (async () => {
    const { redisUrl, replicas } = env();
    if (!redisUrl) return writeMarkers({ db: await database() }, replicas.readYourWritesSeconds);
    const { redisConnection } = await import('../redis.ts');
    return writeMarkers({ redis: redisConnection(redisUrl) }, replicas.readYourWritesSeconds);
  })();
  return markers;
}

/** Called before the write: its reads right after it cannot reach a replica without it. */
export async function rememberWrite(userId: string): Promise<void> {
  if (currentReplicas()) await (await processMarkers()).mark(userId);
}

/** The database for a read that tolerates lag: a replica's unless the caller wrote a moment ago. */
export async function databaseForReads(userId: string | undefined): Promise<Database> {
  const replicas = currentReplicas();
  if (!replicas) return database();
  return userId && (await (await processMarkers()).marked(userId)) ? replicas.primary : replicas.db;
}
