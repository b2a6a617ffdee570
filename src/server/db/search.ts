/**
 * Search without regard to case or accents: `f_unaccent(lower(column)) like f_unaccent(lower('%term%'))`,
 * the expression the trigram indexes are built on (`searchable`, src/server/db/schema.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { searchable } from './schema.ts';

/** LIKE pattern for "contains", with the wildcards of the user's text taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The column contains the term, ignoring case and accents (answered through its trigram index). */
export const contains = (column: AnyPgColumn, term: string): SQL =>
  sql`${searchable(column)} like f_unaccent(lower(${containsPattern(term)}))`;
