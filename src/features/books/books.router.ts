import { and, count, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import { bulkInputSchema, bulkResultSchema } from '#/lib/list';
import { apiError } from '#/server/api-errors.ts';
import { actingIn, changedFields, recordAuditEvent } from '#/server/audit/record.ts';
import type { Database } from '#/server/db/client.ts';
import { foreignKeyViolation, uniqueViolation } from '#/server/db/errors.ts';
import { listKey, listPage } from '#/server/db/list.ts';
import { book, genre } from '#/server/db/schema.ts';
import { contains, searchTextContains } from '#/server/db/search.ts';
import { deletePicturesOf } from '#/server/storage/pictures.ts';
import { base } from '#/server/rpc.ts';
import {
  bookFacetsInputSchema,
  bookFacetsSchema,
  bookInputSchema,
  bookListInputSchema,
  bookListSchema,
  bookSchema,
  idInputSchema,
} from './books.schema';

const columns = {
  id: book.id,
  title: book.title,
  author: book.author,
  publisher: book.publisher,
  coverImage: book.coverImage,
  createdAt: book.createdAt,
  updatedAt: book.updatedAt,
  // A left join: drizzle gives null when the book has no genre.
  genre: { id: genre.id, name: genre.name, color: genre.color },
};

async function findBook(db: Database, id: string) {
  const [row] = await db.select(columns).from(book).leftJoin(genre, eq(book.genreId, genre.id)).where(eq(book.id, id));
  return row ?? null;
}

function conflict(error: unknown, t: (key: string) => string): never {
  if (uniqueViolation(error) === 'book_title_author_unique') throw apiError('CONFLICT', t('catalog:book.titleTaken'), { field: 'title' });
  if (foreignKeyViolation(error) === 'book_genre_id_genre_id_fk')
    throw apiError('NOT_FOUND', t('catalog:genre.notFound'), { field: 'genreId' });
  throw error;
}

/** A search by title, author or genre name. */
async function searchCondition(db: Database, term: string): Promise<SQL | undefined> {
  if (!term) return undefined;
  // The genres first (a few rows): as a list of ids the planner can join the trigram index with the
  // genre index; as a sub-query it scans every book.
  const genreIds = (await db.select({ id: genre.id }).from(genre).where(contains(genre.name, term))).map((g) => g.id);
  return or(searchTextContains(book, term), genreIds.length ? inArray(book.genreId, genreIds) : undefined);
}

export const booksRouter = {
  list: base
    .meta({ permission: { book: ['read'] }, replica: true })
    .route({ method: 'GET', path: '/books', summary: 'List books (by title or author), filtered by genre', tags: ['books'] })
    .input(bookListInputSchema)
    .output(bookListSchema)
    .handler(async ({ input, context: { db, t } }) => {
      const sort = { title: book.title, author: book.author, createdAt: book.createdAt }[input.sort];
      const where = and(await searchCondition(db, input.searchTerm), input.genreId ? eq(book.genreId, input.genreId) : undefined);
      const query = db
        .select({ ...columns, key: listKey(sort) })
        .from(book)
        .leftJoin(genre, eq(book.genreId, genre.id))
        .$dynamic();
      const page = await listPage(db, query, { where, sort, id: book.id, order: input.order, cursor: input.cursor, limit: input.limit, t });
      return { ...page, items: page.items.map(({ key: _key, ...row }) => row) };
    }),

  /** shadcn/ui's faceted counts, from the server since the list is paged there: one grouped count. */
  facets: base
    .meta({ permission: { book: ['read'] }, replica: true })
    .route({
      method: 'GET',
      path: '/books/facets',
      summary: 'How many books of the list have each genre (with the search)',
      tags: ['books'],
    })
    .input(bookFacetsInputSchema)
    .output(bookFacetsSchema)
    .handler(async ({ input, context: { db } }) => {
      const rows = await db
        .select({ genreId: book.genreId, n: count() })
        .from(book)
        .where(and(await searchCondition(db, input.searchTerm), isNotNull(book.genreId)))
        .groupBy(book.genreId);
      return { genreId: Object.fromEntries(rows.map((row) => [row.genreId!, row.n])) };
    }),

  get: base
    .meta({ permission: { book: ['read'] }, replica: true })
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
        // Read back in the transaction: a delete arriving just after the commit cannot take the answer's row.
        return await context.db.transaction(async (tx) => {
          await tx
            .insert(book)
            .values({ id, title: input.title, author: input.author, genreId: input.genreId, publisher: input.publisher });
          await recordAuditEvent(tx, { ...actingIn(context), action: 'book.created', target: { type: 'book', id, label: input.title } });
          return (await findBook(tx, id))!;
        });
      } catch (error) {
        conflict(error, context.t);
      }
    }),

  update: base
    .meta({ permission: { book: ['update'] } })
    .route({ method: 'PUT', path: '/books/{id}', summary: 'Update a book', tags: ['books'] })
    .input(idInputSchema.extend(bookInputSchema.shape))
    .output(bookSchema)
    .handler(async ({ input: { id, ...values }, context }) => {
      let found: Awaited<ReturnType<typeof findBook>> = null;
      try {
        // The row stays locked until the answer's copy is read: a concurrent delete waits.
        found = await context.db.transaction(async (tx) => {
          const [before] = await tx.select().from(book).where(eq(book.id, id)).for('update');
          if (!before) return null;
          await tx
            .update(book)
            .set({ title: values.title, author: values.author, genreId: values.genreId, publisher: values.publisher })
            .where(eq(book.id, id));
          await recordAuditEvent(tx, {
            ...actingIn(context),
            action: 'book.updated',
            target: { type: 'book', id, label: values.title },
            changes: changedFields(before, values, ['title', 'author', 'genreId', 'publisher']),
          });
          return findBook(tx, id);
        });
      } catch (error) {
        conflict(error, context.t);
      }
      if (!found) throw apiError('NOT_FOUND', context.t('catalog:book.notFound'));
      return found;
    }),

  /** The single delete's rule and audit event, for each of several books. */
  bulkDelete: base
    .meta({ permission: { book: ['delete'] } })
    .route({ method: 'POST', path: '/books/bulk/delete', summary: 'Delete several books: each missing one is named', tags: ['books'] })
    .input(bulkInputSchema)
    .output(bulkResultSchema)
    .handler(async ({ input, context }) => {
      const ids = [...new Set(input.ids)];
      const deleted = await context.db.transaction(async (tx) => {
        const rows = await tx.delete(book).where(inArray(book.id, ids)).returning({ id: book.id, title: book.title });
        for (const row of rows)
          await recordAuditEvent(tx, {
            ...actingIn(context),
            action: 'book.deleted',
            target: { type: 'book', id: row.id, label: row.title },
          });
        return rows.map((row) => row.id);
      });
      for (const id of deleted) await deletePicturesOf('books', id);
      const message = context.t('catalog:book.notFound');
      return { done: deleted, skipped: ids.filter((id) => !deleted.includes(id)).map((id) => ({ id, code: 'NOT_FOUND', message })) };
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
      await deletePicturesOf('books', input.id);
      return { id: input.id };
    }),
};
