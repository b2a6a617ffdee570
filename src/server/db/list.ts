// Keyset pagination on (sort column, id), stable while rows are added; the total on the first page.
import { and, asc, count, desc, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Translate } from '../api-errors.ts';
import type { Database } from './client.ts';
import { keysetPage, readCursor, type CursorKey } from './cursor.ts';
import { rowCount } from './schema.ts';

/** Past this many rows a filtered total reads '1,000+': counting further scans too much. */
const COUNT_CAP = 1000;

/** Text, so a timestamp keeps its microseconds. */
export const listKey = (column: AnyPgColumn) => sql<string>`${column}::text`;

export interface ListOptions {
  where: SQL | undefined;
  sort: AnyPgColumn;
  id: AnyPgColumn;
  order: 'asc' | 'desc';
  cursor?: string | undefined;
  limit: number;
  t: Translate;
}

/** `query` selects the columns plus `key: listKey(sort)`, with `.$dynamic()`; this adds filter, cursor, order, limit. */
type Row<Q extends PgSelect> = Q['_']['result'][number] & { key: string; id: string };

export async function listPage<Q extends PgSelect>(db: Database, query: Q, o: ListOptions) {
  const timestamp = o.sort.getSQLType().startsWith('timestamp');
  const shape: CursorKey[] = [timestamp ? 'timestamp' : 'text', 'text'];
  const after = readCursor(o.cursor, shape, o.t);
  const cast = sql.raw(o.sort.getSQLType());
  const position = after
    ? o.order === 'desc'
      ? sql`(${o.sort}, ${o.id}) < (${after[0]}::${cast}, ${after[1]})`
      : sql`(${o.sort}, ${o.id}) > (${after[0]}::${cast}, ${after[1]})`
    : undefined;
  const direction = o.order === 'desc' ? desc : asc;
  const [rows, counted] = await Promise.all([
    query
      .where(and(o.where, position))
      .orderBy(direction(o.sort), direction(o.id))
      .limit(o.limit + 1),
    o.cursor ? null : countRows(db, o.id, o.where),
  ]);
  return {
    ...keysetPage(
      rows as Row<Q>[],
      o.limit,
      (r) => [r.key, r.id],
      (r) => r,
    ),
    total: counted !== null && o.where !== undefined ? Math.min(counted, COUNT_CAP) : counted,
    totalCapped: o.where !== undefined && counted !== null && counted > COUNT_CAP,
  };
}

async function countRows(db: Database, id: AnyPgColumn, where: SQL | undefined): Promise<number> {
  if (!where) {
    // A table with a row-count trigger (0003_row_count.sql) is one read; others are counted.
    const [kept] = await db
      .select({ n: rowCount.n })
      .from(rowCount)
      .where(eq(rowCount.tableName, getTableName(id.table)));
    return kept?.n ?? (await db.select({ n: count() }).from(id.table))[0]?.n ?? 0;
  }
  const matches = db
    .select({ one: sql`1` })
    .from(id.table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  return row?.n ?? 0;
}
