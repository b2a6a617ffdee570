/**
 * Books API. Lists use keyset pagination on (title, id) — stable while rows are inserted — and
 * give the total on the first page only: a trigger-kept row count, or a count through the search
 * indexes. Search is case- and accent-insensitive over title, author and genre name, through
 * trigram indexes.
 */
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from '#/lib/zod';
import { apiError, type Translate } from '#/server/api-errors.ts';
import { actingIn, changedFields, recordAuditEvent } from '#/server/audit/record.ts';
import type { Database } from '#/server/db/client.ts';
import { keysetPage, readCursor } from '#/server/db/cursor.ts';
import { uniqueViolation } from '#/server/db/errors.ts';
import { rowsIn } from '#/server/db/row-count.ts';
import { book, genre } from '#/server/db/schema.ts';
import { contains } from '#/server/db/search.ts';
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

/**
 * Title, author or genre name contains the term. Genres are few, so the ones that match are looked
 * up first: the book query then has plain ids, and the planner can combine the two trigram indexes
 * with the genre index (a sub-query or a join on genre would hide how many books match and make it
 * scan the whole table in title order).
 */
async function searchCondition(db: Database, searchTerm: string): Promise<SQL | undefined> {
  if (!searchTerm) return undefined;
  const genres = await db.select({ id: genre.id }).from(genre).where(contains(genre.name, searchTerm));
  return or(
    contains(book.title, searchTerm),
    contains(book.author, searchTerm),
    genres.length
      ? inArray(
          book.genreId,
          genres.map((g) => g.id),
        )
      : undefined,
  );
}

/** The total of a list: the trigger-kept row count without a search, the trigram indexes with one. */
async function countBooks(db: Database, search: SQL | undefined): Promise<number> {
  if (!search) return rowsIn(db, 'book');
  const [row] = await db.select({ n: count() }).from(book).where(search);
  return row!.n;
}

/** Up to this many matches, a search reads them all through the trigram indexes and sorts them. */
const FEW_MATCHES = 5000;

/**
 * The order of a list: by title, then id. A search with few matches (known from the first page's
 * count) sorts them after reading them through the trigram indexes; ordering by `title || ''`, an
 * expression no index provides, makes the planner take that path. Otherwise it would walk the
 * title index and filter, which is quick when matches are spread evenly but reads most of the
 * table when they sit together at the end of the alphabet (its estimate assumes the former).
 */
const sortByTitle = (matches: number | null) => (matches !== null && matches <= FEW_MATCHES ? sql`${book.title} || ''` : asc(book.title));

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

type BookList = z.output<typeof bookListSchema>;
type BookListInput = z.output<typeof bookListInputSchema>;

async function listPage(db: Database, input: BookListInput, t: Translate): Promise<BookList> {
  const search = await searchCondition(db, input.searchTerm);
  const after = readCursor(input.cursor, ['text', 'text'], t);
  const read = (matches: number | null) =>
    db
      .select(selection)
      .from(book)
      .leftJoin(genre, eq(book.genreId, genre.id))
      .where(and(search, after ? sql`(${book.title}, ${book.id}) > (${after[0]}, ${after[1]})` : undefined))
      .orderBy(sortByTitle(matches), asc(book.id))
      .limit(input.limit + 1);
  // The total on the first page only. A search counts first (the count decides how to read the
  // matches); without one the total is a single row read, done beside the page.
  const [rows, total] = input.cursor
    ? [await read(null), null]
    : search
      ? await countBooks(db, search).then(async (n) => [await read(n), n] as const)
      : await Promise.all([read(null), countBooks(db, undefined)]);
  return { ...keysetPage(rows, input.limit, (r) => [r.title!, r.id!], toBook), total };
}

export const booksRouter = {
  list: base
    .meta({ permission: { book: ['read'] } })
    .route({ method: 'GET', path: '/books', summary: 'List books', tags: ['books'] })
    .input(bookListInputSchema)
    .output(bookListSchema)
    .handler(({ input, context }) => listPage(context.db, input, context.t)),

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
        await context.db.transaction(async (tx) => {
          await tx.insert(book).values({ id, ...input });
          await recordAuditEvent(tx, { ...actingIn(context), action: 'book.created', target: { type: 'book', id, label: input.title } });
        });
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
      let found = false;
      try {
        found = await context.db.transaction(async (tx) => {
          const [before] = await tx.select().from(book).where(eq(book.id, id)).for('update');
          if (!before) return false;
          await tx.update(book).set(values).where(eq(book.id, id));
          await recordAuditEvent(tx, {
            ...actingIn(context),
            action: 'book.updated',
            target: { type: 'book', id, label: values.title },
            changes: changedFields(before, values, ['title', 'author', 'genreId', 'publisher']),
          });
          return true;
        });
      } catch (error) {
        conflict(error, context.t);
      }
      if (!found) throw apiError('NOT_FOUND', context.t('catalog:book.notFound'));
      return (await findBook(context.db, id))!;
    }),

  delete: base
    .meta({ permission: { book: ['delete'] } })
    .route({ method: 'DELETE', path: '/books/{id}', summary: 'Delete a book', tags: ['books'] })
    .input(idInputSchema)
    .handler(async ({ input, context }) => {
      const deleted = await context.db.transaction(async (tx) => {
        const rows = await tx.delete(book).where(eq(book.id, input.id)).returning({ id: book.id, title: book.title });
        for (const row of rows)
          await recordAuditEvent(tx, {
            ...actingIn(context),
            action: 'book.deleted',
            target: { type: 'book', id: row.id, label: row.title },
          });
        return rows;
      });
      if (!deleted.length) throw apiError('NOT_FOUND', context.t('catalog:book.notFound'));
      return { id: input.id };
    }),
};
