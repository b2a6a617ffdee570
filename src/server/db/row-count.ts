/** Exact row counts kept by triggers (migrations 0003 and 0004): one primary-key read, whatever the table's size. */
import { eq, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { preparedPerDatabase } from './prepared.ts';
import { rowCount } from './schema.ts';

export type CountedTable = 'book' | 'user';

const countOf = preparedPerDatabase((db) =>
  db
    .select({ n: rowCount.n })
    .from(rowCount)
    .where(eq(rowCount.tableName, sql.placeholder('table')))
    .prepare('row_count_of'),
);

export async function rowsIn(db: Database, table: CountedTable): Promise<number> {
  const [row] = await countOf(db).execute({ table });
  return row?.n ?? 0;
}
