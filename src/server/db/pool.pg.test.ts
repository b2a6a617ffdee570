import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../../tests/support/databases.ts';
import { openDatabase } from './client.ts';

async function backendsFor(poolMax: number | undefined, queries: number) {
  const handle = await openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL!, poolMax });
  try {
    const pid = async () => {
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
