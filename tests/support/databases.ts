// A set but unreachable TEST_DATABASE_URL fails the tests, never skips them.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '#/server/db/client.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export async function freshPglite(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await handle.migrate();
  return handle;
}

export async function freshPostgres(): Promise<{ handle: DatabaseHandle; url: string; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `springboard_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
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
