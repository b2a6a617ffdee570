/**
 * Search without regard to case or accents. Books and users keep their searchable text in a stored
 * column (`search_text`, migration 0010, decision 041); a term is matched against it with `like`,
 * normalised the same way: `search_text like f_unaccent(lower('%term%'))`, answered through the
 * column's trigram index. A term of 1–2 characters has no trigram: it is matched, tripled, against
 * the tripled copy of that text (`search_tripled`, migration 0012, decision 045), which has its own.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
