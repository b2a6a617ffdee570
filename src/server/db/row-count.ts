/** Exact row counts kept by triggers (migrations 0003 and 0004): one primary-key read, whatever the table's size. */
import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { rowCount } from './schema.ts';

export type CountedTable = 'book' | 'user';

export async function rowsIn(db: Database, table: CountedTable): Promise<number> {
  const [row] = await db.select({ n: rowCount.n }).from(rowCount).where(eq(rowCount.tableName, table));
  return row?.n ?? 0;
}
