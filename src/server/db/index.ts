// `ready()` is awaited by the HTTP pipeline and called eagerly by the launcher: the first request never races start-up.
import path from 'node:path';
import { env, type Env } from '../env.ts';
import { logger } from '../logger.ts';
import { openDatabase, type Database, type DatabaseConfig, type DatabaseHandle } from './client.ts';
import { processWide } from '../process-wide.ts';
import { isEmpty, seed } from './seed.ts';
import { emailQueue } from '../email/outbox.ts';
import { startQueue, stopQueue } from '../queue/queue.ts';
import { housekeepingQueue } from './housekeeping.ts';
import { webhookQueue } from '../webhooks/deliver.ts';
import { openReplicas, type Replicas } from './replicas.ts';

/** One database per process, even when the dev server evaluates this module again. */
const state = processWide('database', () => ({
  opening: undefined as Promise<DatabaseHandle> | undefined,
  handle: undefined as DatabaseHandle | undefined,
  replicas: undefined as Replicas | undefined,
}));

/** PGlite's files live in a sub-folder, so DATA_DIR can also hold the generated auth secret. */
export function databaseConfig(e: Env = env()): DatabaseConfig {
  if (e.database.kind === 'postgres') return e.database;
  const dir = e.dataDir.startsWith('memory://') ? 'memory://' : path.join(e.dataDir, 'pglite');
  return { kind: 'pglite', dataDir: dir, template: e.database.template };
}

async function open(): Promise<DatabaseHandle> {
  const log = logger();
  const started = performance.now();
  const h = await openDatabase(databaseConfig());
  await h.migrate();
  if (h.kind === 'pglite' && (await isEmpty(h.db))) {
    await seed(h.db);
    log.info('seeded the embedded database with demo data');
  }
  log.info({ database: h.kind, ms: Math.round(performance.now() - started) }, 'database ready');
  const { replicas } = env();
  if (replicas.urls.length && h.pool) {
    // Each replica gets a pool the primary's size: they take the reads the primary no longer does.
    const poolMax = h.pool.options.max ?? 10;
    state.replicas = await openReplicas(replicas.urls, { db: h.db, pool: h.pool }, { maxLagSeconds: replicas.maxLagSeconds, poolMax });
    log.info({ replicas: state.replicas.states() }, 'read replicas opened');
  }
  await startQueue(h, [emailQueue, housekeepingQueue(async () => h.db, env().auditRetentionDays), webhookQueue(async () => h.db)]);
  state.handle = h;
  return h;
}

export function ready(): Promise<DatabaseHandle> {
  state.opening ??= open().catch((error: unknown) => {
    state.opening = undefined;
    throw error;
  });
  return state.opening;
}

/** The open database, if it is: for the metrics, which must not open it. */
export const currentDatabase = (): DatabaseHandle | undefined => state.handle;

export async function database(): Promise<Database> {
  return state.handle?.db ?? (await ready()).db;
}

/** The read replicas (DATABASE_REPLICA_URLS), once the database is open; undefined without any. */
export const currentReplicas = (): Replicas | undefined => state.replicas;

export async function closeDatabase() {
  const h = state.handle ?? (state.opening ? await state.opening.catch(() => undefined) : undefined);
  const replicas = state.replicas;
  state.handle = undefined;
  state.opening = undefined;
  state.replicas = undefined;
  await stopQueue();
  await replicas?.close();
  await h?.close();
}
