// Embedded PGlite or a PostgreSQL pool behind the same Drizzle API: queries never branch on the backend.
import { mkdirSync, readFileSync } from 'node:fs';
import v8 from 'node:v8';
import path from 'node:path';
import type { ConstructorOptions } from 'pg-boss';
import type { Pool } from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import * as schema from './schema.ts';
import { tracedQuery } from '../tracing.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

const DEFAULT_POOL_MAX = 10;

export type DatabaseConfig =
  | {
      kind: 'pglite';
      dataDir: string;
      /** A `dumpDataDir` file an in-memory database starts from (the tests' migrated, seeded template). */
      template?: string | undefined;
    }
  | { kind: 'postgres'; url: string; poolMax?: number };

export interface DatabaseHandle {
  kind: DatabaseConfig['kind'];
  db: Database;
  /** How the job queue (src/server/queue/queue.ts) reaches the same database. */
  queueConnection: Pick<ConstructorOptions, 'db' | 'backend' | 'connectionString' | 'max'>;
  /** The PostgreSQL pool's connections (for the metrics); the embedded database has none. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** PostgreSQL's pool, which the read replicas fall back on (src/server/db/replicas.ts). */
  pool?: Pool;
  /** Safe to call from several instances at once. */
  migrate(migrationsFolder?: string): Promise<void>;
  ping(): Promise<void>;
  /** The embedded database's files as one archive (PGlite's `dumpDataDir`), which `template` starts from. */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.resolve('drizzle');

/** Smaller buffers than PGlite's defaults keep idle memory low. */
const PGLITE_CONF = ['shared_buffers = 16MB', 'work_mem = 4MB', 'maintenance_work_mem = 32MB', 'temp_buffers = 4MB'];

/** V8's optimised copy of PGlite's machine code costs ~50 MB of memory for a small speed-up. */
function keepWasmBaselineCode() {
  v8.setFlagsFromString('--liftoff-only');
}

async function openPglite(dataDir: string, template?: string): Promise<DatabaseHandle> {
  keepWasmBaselineCode();
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const client = await PGlite.create({
    dataDir: inMemory ? undefined : path.resolve(dataDir),
    // Skips initdb, the migrations and the seed: about 3 s of each test file's start.
    loadDataDir: inMemory && template ? new Blob([readFileSync(template)]) : undefined,
    extensions: { pg_trgm, unaccent },
    postgresqlconf: PGLITE_CONF,
  });
  // Each statement in a span when tracing is on, a transaction's too (src/server/tracing.ts).
  client.query = tracedQuery('postgresql', client.query);
  client.exec = tracedQuery('postgresql', client.exec);
  const transaction = client.transaction.bind(client);
  client.transaction = (work) =>
    transaction((tx) => {
      tx.query = tracedQuery('postgresql', tx.query);
      tx.exec = tracedQuery('postgresql', tx.exec);
      return work(tx);
    });
  const db = drizzle({ client, schema }) as unknown as Database;
  const { fromPglite } = await import('pg-boss');
  return {
    kind: 'pglite',
    db,
    queueConnection: { db: fromPglite(client), backend: 'pglite' },
    async migrate(migrationsFolder = MIGRATIONS_FOLDER) {
      await migrate(drizzle({ client, schema }), { migrationsFolder });
    },
    async ping() {
      await client.query('select 1');
    },
    async dump() {
      return client.dumpDataDir('none');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, poolMax = DEFAULT_POOL_MAX): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: poolMax, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Each query in a span when tracing is on: the pool's, and a transaction's client's (src/server/tracing.ts).
  pool.query = tracedQuery('postgresql', pool.query);
  pool.on('connect', (client) => {
    client.query = tracedQuery('postgresql', client.query);
  });
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    // A pool of its own: one connection listens for new jobs, the others fetch and settle them.
    queueConnection: { connectionString: url, max: 3 },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    pool,
    async migrate(migrationsFolder = MIGRATIONS_FOLDER) {
      const conn = await pool.connect();
      try {
        // Several instances may start at once: one migrates, the others wait for it.
        await conn.query('select pg_advisory_lock(727271)');
        await migrate(drizzle({ client: conn, schema }), { migrationsFolder });
      } finally {
        await conn.query('select pg_advisory_unlock(727271)').catch(() => {});
        conn.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}

export function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  return config.kind === 'pglite' ? openPglite(config.dataDir, config.template) : openPostgres(config.url, config.poolMax);
}

/** node-postgres says `rowCount`, PGlite `affectedRows`. */
export async function rowsAffected(db: Pick<Database, 'execute'>, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}

export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
