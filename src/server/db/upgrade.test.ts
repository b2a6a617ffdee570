// Upgrading a database that holds rows: the way to test a migration that moves data (copy it for yours).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo } from '../../../tests/support/databases.ts';
import { openDatabase, queryRows, type DatabaseHandle } from './client.ts';

describe('upgrading through 0014_daily_counts', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await migrateTo(handle, '0013_covered_book_orders');
    // Rows as the version before 0014 wrote them: plain SQL, since today's schema may have moved on.
    await handle.db.execute(sql`insert into "user" (id, email, created_at) values ('u1', 'old@example.com', '2026-01-02T10:00:00Z')`);
    await handle.db.execute(sql`
      insert into book (id, title, author, created_at) values
        ('b1', 'Old one', 'A', '2026-01-03T08:00:00Z'), ('b2', 'Old two', 'B', '2026-01-03T23:30:00Z')`);
    await handle.migrate();
  });
  afterAll(() => handle.close());

  const days = () =>
    queryRows<{ table_name: string; day: string; n: string }>(
      handle.db,
      sql`select table_name, to_char(day, 'YYYY-MM-DD') as day, n::text as n from daily_count order by table_name, day`,
    );

  it('counts the rows that were there before it', async () => {
    expect(await days()).toEqual([
      { table_name: 'book', day: '2026-01-03', n: '2' },
      { table_name: 'user', day: '2026-01-02', n: '1' },
    ]);
  });

  it('keeps counting after it', async () => {
    await handle.db.execute(sql`insert into book (id, title, author, created_at) values ('b3', 'New', 'C', '2026-01-03T12:00:00Z')`);
    expect((await days()).find((d) => d.table_name === 'book')).toEqual({ table_name: 'book', day: '2026-01-03', n: '3' });
  });
});
