// Case- and accent-insensitive search against the stored `search_text` through its trigram index; a
// 1–2 character term has no trigram, so it is matched tripled against `search_tripled`.
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { searchable, tripled } from './schema.ts';

/** The user's wildcards taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A prepared statement passes a placeholder, set to the term's `containsPattern`. */
export const contains = (column: AnyPgColumn, term: string | Placeholder): SQL =>
  sql`${searchable(column)} like f_unaccent(lower(${typeof term === 'string' ? containsPattern(term) : term}))`;

/** Without `tripled`, a short term is matched against the text itself: the same rows, with no index. */
export interface SearchColumns {
  searchText: AnyPgColumn;
  searchTripled?: AnyPgColumn;
}

const TRIGRAM = 3;

/** Tripling text and term alike keeps "contains" true exactly when the text contains the term. */
export const searchTextContains = (on: SearchColumns, term: string): SQL =>
  [...term].length >= TRIGRAM || !on.searchTripled
    ? sql`${on.searchText} like f_unaccent(lower(${containsPattern(term)}))`
    : sql`${on.searchTripled} like '%' || regexp_replace(${tripled(sql`f_unaccent(lower(${term}))`)}, '([\\\\%_])', '\\\\\\1', 'g') || '%'`;
