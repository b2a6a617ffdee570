/** The shape of every searchable list (books, users): the API's input and its keyset pages. */
import { clientString, z } from '#/lib/zod';
import { SEARCH_TERM_MAX } from './text';

/** A list's page size: the API defaults to it, the infinite queries (list-query.ts) ask for it. */
const PAGE_SIZE = 20;

export const listInputSchema = z.strictObject({
  searchTerm: clientString().trim().max(SEARCH_TERM_MAX).default(''),
  cursor: clientString().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
});
export type ListInput = z.input<typeof listInputSchema>;

export const listPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    nextCursor: z.string().nullable(),
    /** Counted on the first page only, and up to 1000 (then `totalCapped`). */
    total: z.number().int().nullable(),
    /** The search matched more than `total` (shown as '1,000+'). */
    totalCapped: z.boolean(),
  });

/** A bulk action's rows at most: the loaded rows a person may select (a page is at most 100). */
const BULK_MAX = 100;

/** The rows a bulk action is asked for (the rows selected in a table). */
export const bulkInputSchema = z.strictObject({
  ids: z.array(clientString().min(1).max(100)).min(1).max(BULK_MAX),
});

/** What a bulk action did: the rows it changed, and each one it left as it was, with why. */
export const bulkResultSchema = z.object({
  done: z.array(z.string()),
  skipped: z.array(z.object({ id: z.string(), code: z.string(), message: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
