/**
 * Search without regard to case or accents. Books and users keep their searchable text in a stored
 * column (`search_text`, migration 0010, decision 041); a term is matched against it with `like`,
 * normalised the same way: `search_text like f_unaccent(lower('%term%'))`. Terms of 3 characters or
 * more are answered through the column's trigram index; shorter ones by a scan of that column.
 */
import { count, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';
import { searchable } from './schema.ts';

/** LIKE pattern for "contains", with the wildcards of the user's text taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The column contains the term, ignoring case and accents (answered through its trigram index). */
export const contains = (column: AnyPgColumn, term: string): SQL =>
  sql`${searchable(column)} like f_unaccent(lower(${containsPattern(term)}))`;

/** A stored `search_text` column (already normalised) contains the term, ignoring case and accents. */
export const searchTextContains = (searchText: AnyPgColumn, term: string): SQL =>
  sql`${searchText} like f_unaccent(lower(${containsPattern(term)}))`;

/**
 * A search's total is counted up to this many matches; past it the list says '1,000+' (decision
 * 041). Counting every match of a frequent term read most of the table on every first page.
 */
export const SEARCH_COUNT_CAP = 1000;

/**
 * The matches of `where` in `table`, counted up to one past the cap, so the count stops early when
 * a term matches much: `total` is exact when `totalCapped` is false, else the cap.
 */
export async function cappedCount(db: Database, table: PgTable, where: SQL): Promise<{ total: number; totalCapped: boolean }> {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(SEARCH_COUNT_CAP + 1)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  const n = row?.n ?? 0;
  return n > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, totalCapped: true } : { total: n, totalCapped: false };
}
