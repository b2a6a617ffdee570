/**
 * Search without regard to case or accents. Books and users keep their searchable text in a stored
 * column (`search_text`, migration 0010, decision 041); a term is matched against it with `like`,
 * normalised the same way: `search_text like f_unaccent(lower('%term%'))`, answered through the
 * column's trigram index. A term of 1–2 characters has no trigram: it is matched, tripled, against
 * the tripled copy of that text (`search_tripled`, migration 0012, decision 045), which has its own.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Database } from './client.ts';
import { searchable, tripled } from './schema.ts';

/** LIKE pattern for "contains", with the wildcards of the user's text taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The column contains the term, ignoring case and accents (answered through its trigram index). A
 * prepared statement gives a placeholder, to be set to the term's `containsPattern`.
 */
export const contains = (column: AnyPgColumn, term: string | Placeholder): SQL =>
  sql`${searchable(column)} like f_unaccent(lower(${typeof term === 'string' ? containsPattern(term) : term}))`;

/**
 * A table's stored search columns (already normalised): its text, and that text tripled. Without
 * the tripled one (a walk of an index that carries the text alone, decision 048), a short term is
 * matched against the text itself: the same rows, with no index to find them.
 */
export interface SearchColumns {
  searchText: AnyPgColumn;
  searchTripled?: AnyPgColumn;
}

/** Below this many characters a term holds no trigram. */
const TRIGRAM = 3;

/**
 * The row's search text contains the term, ignoring case and accents. A shorter term is tripled
 * after normalising ('qz' → 'qqqzzz') and its wildcards escaped; the tripled text contains it
 * exactly when the text contains the term.
 */
export const searchTextContains = (on: SearchColumns, term: string): SQL =>
  [...term].length >= TRIGRAM || !on.searchTripled
    ? sql`${on.searchText} like f_unaccent(lower(${containsPattern(term)}))`
    : sql`${on.searchTripled} like '%' || regexp_replace(${tripled(sql`f_unaccent(lower(${term}))`)}, '([\\\\%_])', '\\\\\\1', 'g') || '%'`;

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
  /**
   * Past the cap: the `limit`-th of the matches found, in the list's order (its sort key as text,
   * and its id). The page's rows are all at or before it in that order (`upTo`), since `limit`
   * matches are.
   */
  bound: Bound | null;
}

/** A row's place in a list's order: its sort key (as text) and id. */
export type Bound = [key: string, id: string];

/**
 * A search's first page in one look: the rows of `where`, up to one past the cap, each with its
 * sort key, counted, and the first `limit` of them in the list's order (`key`, then `id`,
 * `descending` or not). When they are all the matches (at most the cap), those are the page, read
 * by primary key. Past the cap, the last of them bounds the page: the first `limit` of all the
 * matches are at or before it (`upTo`), so the books list's page, walked or sorted, reads no
 * further (decisions 045 and 048; the people list's walk fills its pages, so it does not use the
 * bound). The look stops early when a term matches much.
 */
export async function cappedMatches(
  db: Database,
  on: { id: AnyPgColumn; key: AnyPgColumn | SQL; where: SQL; descending: boolean; limit: number },
): Promise<CappedMatches> {
  const direction = sql.raw(on.descending ? 'desc' : 'asc');
  const rows = await queryRows<{ total: number; id: string | null; key: string | null }>(
    db,
    sql`with m as (select ${on.id} as id, ${on.key} as k from ${on.id.table} where ${on.where} limit ${SEARCH_COUNT_CAP + 1}),
      n as (select count(*)::int as total from m)
      select n.total, p.id, p.k::text as key from n left join lateral (
        select m.id, m.k from m order by m.k ${direction}, m.id ${direction} limit ${on.limit}
      ) p on true`,
  );
  const total = Number(rows[0]?.total ?? 0);
  const found = rows.filter((r) => r.id !== null);
  const last = found.at(-1);
  return total > SEARCH_COUNT_CAP
    ? { total: SEARCH_COUNT_CAP, totalCapped: true, pageIds: null, bound: last?.id && last.key !== null ? [last.key, last.id] : null }
    : { total, totalCapped: false, pageIds: found.map((r) => r.id!), bound: null };
}

/**
 * At or before `bound` in the list's order (`key`, then `id`). The key travels as text and is read
 * back as the column's type (`cast`), exactly; as plain values, the planner knows how much of the
 * order lies before the bound and reads the matches and that part of the order's index together.
 */
export const upTo = (on: { id: AnyPgColumn; key: AnyPgColumn | SQL; cast: string; descending: boolean }, [key, id]: Bound): SQL => {
  const row = sql`(${key}::${sql.raw(on.cast)}, ${id})`;
  return on.descending ? sql`(${on.key}, ${on.id}) >= ${row}` : sql`(${on.key}, ${on.id}) <= ${row}`;
};

/** Ids as one PostgreSQL array literal, for a `text[]` parameter. */
export const idArray = (ids: string[]): string => `{${ids.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/**
 * `column = any(ids)`, the ids as one array parameter (a plan of primary-key reads, whatever their
 * number). A prepared statement gives a placeholder, to be set to `idArray(ids)`.
 */
export const oneOf = (column: AnyPgColumn, ids: string[] | Placeholder): SQL =>
  sql`${column} = any(${Array.isArray(ids) ? idArray(ids) : ids}::text[])`;
