// A set but unreachable TEST_DATABASE_URL fails the tests, never skips them.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '#/server/db/client.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export async function freshPglite(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await handle.migrate();
  return handle;
}

/**
 * Applies the migrations up to and including `tag` (e.g. '0013_covered_book_orders'): insert rows as an
 * older version wrote them, then `handle.migrate()` runs the rest, as an upgrade in production would.
 * @public (docs/guides/database-and-migrations.md)
 */
export async function migrateTo(handle: DatabaseHandle, tag: string): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  try {
    cpSync(path.resolve('drizzle'), folder, { recursive: true });
    const journalPath = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((e) => e.tag === tag);
    if (last < 0) throw new Error(`no migration ${tag} in drizzle/meta/_journal.json`);
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(journalPath, JSON.stringify(journal));
    await handle.migrate(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function freshPostgres(): Promise<{ handle: DatabaseHandle; url: string; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `app_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5000 });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}
