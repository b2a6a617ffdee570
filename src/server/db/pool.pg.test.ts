/**
 * A real PostgreSQL's pool holds at most DATABASE_POOL_MAX connections (`poolMax`), 10 by default:
 * seen from the server, as the distinct backends that answer queries sent all at once.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../../tests/support/databases.ts';
import { openDatabase } from './client.ts';

/** The backends that answer `queries` queries sent at once, each holding its connection 50 ms. */
async function backendsFor(poolMax: number | undefined, queries: number) {
  const handle = await openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL!, poolMax });
  try {
    const pid = async () => {
      // node-postgres's result (the Database type is the one both drivers share).
      const answer = (await handle.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)) as unknown as {
        rows: Array<{ pid: number }>;
      };
      return answer.rows[0]!.pid;
    };
    return new Set(await Promise.all(Array.from({ length: queries }, pid))).size;
  } finally {
    await handle.close();
  }
}

describe.runIf(TEST_DATABASE_URL)('the PostgreSQL pool (TEST_DATABASE_URL)', () => {
  it('uses at most poolMax connections', async () => {
    expect(await backendsFor(2, 8)).toBe(2);
  });

  it('uses up to 10 without a setting', async () => {
    expect(await backendsFor(undefined, 14)).toBe(10);
  });
});
