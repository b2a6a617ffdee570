/**
 * The process-wide database: opened, migrated and (when new and embedded) seeded once.
 * `ready()` is awaited by the HTTP pipeline and called eagerly by the launcher, so the first
 * request never races start-up.
 */
import path from 'node:path';
import { env, type Env } from '../env.ts';
import { logger } from '../logger.ts';
import { openDatabase, type Database, type DatabaseConfig, type DatabaseHandle } from './client.ts';
import { isEmpty, seed } from './seed.ts';

let opening: Promise<DatabaseHandle> | undefined;
let handle: DatabaseHandle | undefined;

/** PGlite's files live in a sub-folder, so DATA_DIR can also hold the generated auth secret. */
export function databaseConfig(e: Env = env()): DatabaseConfig {
  if (e.database.kind === 'postgres') return e.database;
  const dir = e.dataDir.startsWith('memory://') ? 'memory://' : path.join(e.dataDir, 'pglite');
  return { kind: 'pglite', dataDir: dir };
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
  handle = h;
  return h;
}

export function ready(): Promise<DatabaseHandle> {
  opening ??= open().catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/** The database, opened (and migrated) on first use. */
export async function database(): Promise<Database> {
  return handle?.db ?? (await ready()).db;
}

export async function closeDatabase() {
  const h = handle ?? (opening ? await opening.catch(() => undefined) : undefined);
  handle = undefined;
  opening = undefined;
  await h?.close();
}
