/** Genre: one schema for the form, the API and the tests. Messages are `catalog` keys. */
import { z } from '#/lib/zod';

export const genreInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'catalog:genre.nameRequired' }).max(80, { error: 'catalog:genre.nameTooLong' }),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'catalog:genre.colorInvalid' })
    .default('#64748b'),
});
export type GenreInput = z.input<typeof genreInputSchema>;

export const genreSchema = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type Genre = z.infer<typeof genreSchema>;

export const genreListInputSchema = z.object({ searchTerm: z.string().trim().max(100).default('') });
