/** Messages are `catalog` keys. */
import { genreSchema } from '#/features/genres/genres.schema';
import { listInputSchema, listPageSchema } from '#/lib/list';
import { clientString, z } from '#/lib/zod';

export const bookInputSchema = z.strictObject({
  title: clientString().trim().min(1, { error: 'catalog:book.titleRequired' }).max(200, { error: 'catalog:book.titleTooLong' }),
  author: clientString().trim().min(1, { error: 'catalog:book.authorRequired' }).max(120, { error: 'catalog:book.authorTooLong' }),
  genreId: clientString().trim().min(1).max(100).nullable().default(null),
  publisher: clientString()
    .trim()
    .max(120, { error: 'catalog:book.publisherTooLong' })
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null)),
});
export type BookInput = z.input<typeof bookInputSchema>;

export const bookSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  publisher: z.string().nullable(),
  /** Null for the coloured tile. */
  coverImage: z.string().nullable(),
  genre: genreSchema.nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Book = z.infer<typeof bookSchema>;

const BOOK_SORTS = ['title', 'author', 'createdAt'] as const;

export const bookListInputSchema = listInputSchema.extend({
  genreId: clientString().trim().min(1).max(100).optional(),
  sort: z.enum(BOOK_SORTS).default('title'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export const bookListSchema = listPageSchema(bookSchema);

/** The list's search: the genre facet is counted with it (the genre filter is the facet's own). */
export const bookFacetsInputSchema = bookListInputSchema.pick({ searchTerm: true });
/** How many books of the list have each genre, by the genre's id (a genre with none is left out). */
export const bookFacetsSchema = z.object({ genreId: z.record(z.string(), z.number().int()) });

export const idInputSchema = z.strictObject({ id: clientString().min(1).max(100) });
