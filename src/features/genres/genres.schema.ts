/** Genre: one schema for the form, the API and the tests. Messages are `catalog` keys. */
import { clientString, z } from '#/lib/zod';
import { SEARCH_TERM_MAX } from '#/lib/text';

export const genreInputSchema = z.strictObject({
  name: clientString().trim().min(1, { error: 'catalog:genre.nameRequired' }).max(80, { error: 'catalog:genre.nameTooLong' }),
  color: clientString()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'catalog:genre.colorInvalid' })
    .default('#64748b'),
});
export type GenreInput = z.input<typeof genreInputSchema>;

export const genreSchema = z.object({ id: z.string(), name: z.string(), color: z.string() });

export const genreListInputSchema = z.object({ searchTerm: clientString().trim().max(SEARCH_TERM_MAX).default('') });
export const genreIdInputSchema = z.strictObject({ id: clientString().min(1).max(100) });
