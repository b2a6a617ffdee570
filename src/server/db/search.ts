/**
 * Search without regard to case or accents. Books and users keep their searchable text in a stored
 * column (`search_text`, migration 0010, decision 041); a term is matched against it with `like`,
 * normalised the same way: `search_text like f_unaccent(lower('%term%'))`. Terms of 3 characters or
 * more are answered through the column's trigram index; shorter ones by a scan of that column.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Database } from './client.ts';
import { searchable } from './schema.ts';

/** LIKE pattern for "contains", with the wildcards of the user's text taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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

/** What a first page learns from looking for a search's matches, up to one past the cap. */
export interface CappedMatches {
  /** Exact when `totalCapped` is false, else the cap. */
  total: number;
  totalCapped: boolean;
  /**
   * When every match was found (at most the cap): the ids of the page's rows, in the list's order,
   * at most `limit` of them (empty when nothing matched). Null past the cap.
   */
  pageIds: string[] | null;
}

/**
 * A search's first page in one look: the rows of `where`, up to one past the cap, each with its
 * sort key, counted; when they are all there (at most the cap), the first `limit` of them in the
 * list's order (`key`, then `id`, `descending` or not). The page's rows are then read by primary
 * key: a page, not every match. The look stops early when a term matches much; a term of 1–2
 * characters has no index, and its scan is made once.
 */
export async function cappedMatches(
  db: Database,
  on: { id: AnyPgColumn; key: AnyPgColumn | SQL; where: SQL; descending: boolean; limit: number },
): Promise<CappedMatches> {
  const direction = sql.raw(on.descending ? 'desc' : 'asc');
  const rows = await queryRows<{ total: number; id: string | null }>(
    db,
    sql`with m as (select ${on.id} as id, ${on.key} as k from ${on.id.table} where ${on.where} limit ${SEARCH_COUNT_CAP + 1}),
      n as (select count(*)::int as total from m)
      select n.total, p.id from n left join lateral (
        select m.id from m where n.total <= ${SEARCH_COUNT_CAP} order by m.k ${direction}, m.id ${direction} limit ${on.limit}
      ) p on true`,
  );
  const total = Number(rows[0]?.total ?? 0);
  return total > SEARCH_COUNT_CAP
    ? { total: SEARCH_COUNT_CAP, totalCapped: true, pageIds: null }
    : { total, totalCapped: false, pageIds: rows.flatMap((r) => (r.id === null ? [] : [r.id])) };
}

/** `column = any(ids)`, the ids as one array parameter (a plan of primary-key reads, whatever their number). */
export const oneOf = (column: AnyPgColumn, ids: string[]): SQL =>
  sql`${column} = any(${`{${ids.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[])`;
