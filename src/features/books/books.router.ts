/**
 * Books API. Lists use keyset pagination on (title, id) — stable while rows are inserted — and
 * count the total on the first page only. Search is case- and accent-insensitive over title,
 * author and genre name, through trigram indexes.
 */
import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import { apiError } from '#/server/api-errors.ts';
import type { Database } from '#/server/db/client.ts';
import { decodeCursor, encodeCursor } from '#/server/db/cursor.ts';
import { containsPattern, uniqueViolation } from '#/server/db/errors.ts';
import { book, genre, searchable } from '#/server/db/schema.ts';
import { base } from '#/server/rpc.ts';
import { bookInputSchema, bookListInputSchema, bookListSchema, bookSchema, idInputSchema } from './books.schema';

const selection = {
  id: book.id,
  title: book.title,
  author: book.author,
  publisher: book.publisher,
  createdAt: book.createdAt,
  updatedAt: book.updatedAt,
  genreId: genre.id,
  genreName: genre.name,
  genreColor: genre.color,
};

type Row = { [K in keyof typeof selection]: (typeof selection)[K]['_']['data'] | null };

const toBook = (r: Row) => ({
  id: r.id!,
  title: r.title!,
  author: r.author!,
  publisher: r.publisher,
  createdAt: r.createdAt!,
  updatedAt: r.updatedAt!,
  genre: r.genreId ? { id: r.genreId, name: r.genreName!, color: r.genreColor! } : null,
});

function searchCondition(searchTerm: string): SQL | undefined {
  if (!searchTerm) return undefined;
  const pattern = sql`f_unaccent(lower(${containsPattern(searchTerm)}))`;
  return or(
    sql`${searchable(book.title)} like ${pattern}`,
    sql`${searchable(book.author)} like ${pattern}`,
    sql`${searchable(genre.name)} like ${pattern}`,
  );
}

async function findBook(db: Database, id: string) {
  const [row] = await db.select(selection).from(book).leftJoin(genre, eq(book.genreId, genre.id)).where(eq(book.id, id));
  return row ? toBook(row) : null;
}

function conflict(error: unknown, t: (key: string) => string): never {
  const constraint = uniqueViolation(error);
  if (constraint !== null) throw apiError('CONFLICT', t('catalog:book.titleTaken'), { field: 'title' });
  if ((error as { cause?: { code?: string } }).cause?.code === '23503')
    throw apiError('NOT_FOUND', t('catalog:genre.notFound'), { field: 'genreId' });
  throw error;
}

export const booksRouter = {
  list: base
    .meta({ permission: { book: ['read'] } })
    .route({ method: 'GET', path: '/books', summary: 'List books', tags: ['books'] })
    .input(bookListInputSchema)
    .output(bookListSchema)
    .handler(async ({ input, context }) => {
      const search = searchCondition(input.searchTerm);
      const after = input.cursor ? decodeCursor(input.cursor, 2) : null;
      if (input.cursor && !after)
        throw apiError('INPUT_VALIDATION_FAILED', context.t('api:INPUT_VALIDATION_FAILED'), { fields: { cursor: 'invalid' } });
      const rows = await context.db
        .select(selection)
        .from(book)
        .leftJoin(genre, eq(book.genreId, genre.id))
        .where(and(search, after ? sql`(${book.title}, ${book.id}) > (${after[0]}, ${after[1]})` : undefined))
        .orderBy(asc(book.title), asc(book.id))
        .limit(input.limit + 1);
      const page = rows.slice(0, input.limit);
      const last = page.at(-1);
      let total: number | null = null;
      if (!input.cursor) {
        const query = context.db.select({ n: count() }).from(book);
        const [row] = await (search ? query.leftJoin(genre, eq(book.genreId, genre.id)).where(search) : query);
        total = row!.n;
      }
      return {
        items: page.map(toBook),
        nextCursor: rows.length > input.limit && last ? encodeCursor([last.title!, last.id!]) : null,
        total,
      };
    }),

  get: base
    .meta({ permission: { book: ['read'] } })
    .route({ method: 'GET', path: '/books/{id}', summary: 'Get a book', tags: ['books'] })
    .input(idInputSchema)
    .output(bookSchema)
    .handler(async ({ input, context }) => {
      const found = await findBook(context.db, input.id);
      if (!found) throw apiError('NOT_FOUND', context.t('catalog:book.notFound'));
      return found;
    }),

  create: base
    .meta({ permission: { book: ['create'] } })
    .route({ method: 'POST', path: '/books', successStatus: 201, summary: 'Create a book', tags: ['books'] })
    .input(bookInputSchema)
    .output(bookSchema)
    .handler(async ({ input, context }) => {
      const id = crypto.randomUUID();
      try {
        await context.db.insert(book).values({ id, ...input });
      } catch (error) {
        conflict(error, context.t);
      }
      return (await findBook(context.db, id))!;
    }),

  update: base
    .meta({ permission: { book: ['update'] } })
    .route({ method: 'PUT', path: '/books/{id}', summary: 'Update a book', tags: ['books'] })
    .input(idInputSchema.extend(bookInputSchema.shape))
    .output(bookSchema)
    .handler(async ({ input: { id, ...values }, context }) => {
      let updated: unknown[] = [];
      try {
        updated = await context.db.update(book).set(values).where(eq(book.id, id)).returning({ id: book.id });
      } catch (error) {
        conflict(error, context.t);
      }
      if (!updated.length) throw apiError('NOT_FOUND', context.t('catalog:book.notFound'));
      return (await findBook(context.db, id))!;
    }),

  delete: base
    .meta({ permission: { book: ['delete'] } })
    .route({ method: 'DELETE', path: '/books/{id}', summary: 'Delete a book', tags: ['books'] })
    .input(idInputSchema)
    .handler(async ({ input, context }) => {
      const deleted = await context.db.delete(book).where(eq(book.id, input.id)).returning({ id: book.id });
      if (!deleted.length) throw apiError('NOT_FOUND', context.t('catalog:book.notFound'));
      return { id: input.id };
    }),
};
