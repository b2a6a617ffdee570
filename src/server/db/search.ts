/**
 * Search without regard to case or accents. Books and users keep their searchable text in a stored
 * column (`search_text`, migration 0010, decision 041); a term is matched against it with `like`,
 * normalised the same way: `search_text like f_unaccent(lower('%term%'))`. Terms of 3 characters or
 * more are answered through the column's trigram index; shorter ones by a scan of that column.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';
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
  /** Every match's id when they were all found (at most the cap), else null. */
  ids: string[] | null;
}

/**
 * The ids of the rows of `where`, up to one past the cap. The look stops early when a term matches
 * much, and when it does not, the ids found let the page be read by primary key instead of by the
 * search again (a term of 1–2 characters has no index: its search is a scan, made once).
 */
export async function cappedMatches(db: Database, id: AnyPgColumn, where: SQL): Promise<CappedMatches> {
  const rows = await db
    .select({ id: sql<string>`${id}` })
    .from(id.table)
    .where(where)
    .limit(SEARCH_COUNT_CAP + 1);
  return rows.length > SEARCH_COUNT_CAP
    ? { total: SEARCH_COUNT_CAP, totalCapped: true, ids: null }
    : { total: rows.length, totalCapped: false, ids: rows.map((r) => r.id) };
}

/** `column = any(ids)`, the ids as one array parameter (a plan of primary-key reads, whatever their number). */
export const oneOf = (column: AnyPgColumn, ids: string[]): SQL =>
  sql`${column} = any(${`{${ids.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[])`;
