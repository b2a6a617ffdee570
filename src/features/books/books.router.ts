/**
 * Books API. Lists use keyset pagination on (title, id) — stable while rows are inserted — and
 * give the total on the first page only: a trigger-kept row count, or a count through the search
 * indexes. Search is case- and accent-insensitive over title, author and genre name, through
 * trigram indexes.
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from '#/lib/zod';
import { apiError, type Translate } from '#/server/api-errors.ts';
import { actingIn, changedFields, recordAuditEvent } from '#/server/audit/record.ts';
import type { Database } from '#/server/db/client.ts';
import { keysetPage, readCursor } from '#/server/db/cursor.ts';
import { uniqueViolation } from '#/server/db/errors.ts';
import { preparedPerDatabase } from '#/server/db/prepared.ts';
import { rowsIn } from '#/server/db/row-count.ts';
import { book, genre } from '#/server/db/schema.ts';
import {
  cappedMatches,
  contains,
  containsPattern,
  idArray,
  oneOf,
  searchTextContains,
  upTo,
  type CappedMatches,
  type SearchColumns,
} from '#/server/db/search.ts';
import { deletePicturesOf } from '#/server/storage/pictures.ts';
import { base } from '#/server/rpc.ts';
import { bookInputSchema, bookListInputSchema, bookListSchema, bookSchema, idInputSchema } from './books.schema';

const selection = {
  id: book.id,
  title: book.title,
  author: book.author,
  publisher: book.publisher,
  coverImage: book.coverImage,
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
  coverImage: r.coverImage,
  createdAt: r.createdAt!,
  updatedAt: r.updatedAt!,
  genre: r.genreId ? { id: r.genreId, name: r.genreName!, color: r.genreColor! } : null,
});

/** The columns a search or filter looks at: the book table's, or those of a sub-query of it. */
interface Searched extends SearchColumns {
  genreId: AnyPgColumn;
}

/**
 * The list's search and genre filter, for the book table or a sub-query of it; undefined when the
 * list has neither. A search matches title, author or genre name. Genres are few, so the ones whose
 * name matches are looked up first: the book query then has plain ids, and the planner can combine
 * the trigram index with the genre index (a sub-query or a join on genre would hide how many books
 * match and make it scan the whole table in title order).
 */
async function listCondition(db: Database, input: BookListInput): Promise<((on: Searched) => SQL | undefined) | undefined> {
  const { searchTerm, genreId } = input;
  if (!searchTerm && !genreId) return undefined;
  const genreIds = searchTerm ? (await genresNamed(db).execute({ pattern: containsPattern(searchTerm) })).map((g) => g.id) : [];
  return (on) =>
    and(
      searchTerm ? or(searchTextContains(on, searchTerm), genreIds.length ? inArray(on.genreId, genreIds) : undefined) : undefined,
      genreId ? eq(on.genreId, genreId) : undefined,
    );
}

/** The genres whose name contains a term: a few rows, the same plan for every term. */
const genresNamed = preparedPerDatabase((db) =>
  db
    .select({ id: genre.id })
    .from(genre)
    .where(contains(genre.name, sql.placeholder('pattern')))
    .prepare('genre_ids_by_name'),
);

const bookWithGenre = (db: Database) => db.select(selection).from(book).leftJoin(genre, eq(book.genreId, genre.id));

/** A book by id, as the API answers it; `db` may be a transaction. */
async function findBook(db: Database, id: string) {
  const [row] = await bookWithGenre(db).where(eq(book.id, id));
  return row ? toBook(row) : null;
}

/** The book detail's read (the most frequent single read), prepared. */
const bookById = preparedPerDatabase((db) =>
  bookWithGenre(db)
    .where(eq(book.id, sql.placeholder('id')))
    .prepare('book_by_id'),
);

function conflict(error: unknown, t: (key: string) => string): never {
  const constraint = uniqueViolation(error);
  if (constraint !== null) throw apiError('CONFLICT', t('catalog:book.titleTaken'), { field: 'title' });
  if ((error as { cause?: { code?: string } }).cause?.code === '23503')
    throw apiError('NOT_FOUND', t('catalog:genre.notFound'), { field: 'genreId' });
  throw error;
}
type BookList = z.output<typeof bookListSchema>;
type BookListInput = z.output<typeof bookListInputSchema>;

/**
 * What the list's order indexes carry beside the order (`INCLUDE`, migration 0013, decision 048): a
 * condition on these alone lets a page walk the order through the index, without reading the table.
 */
const covered: Searched = { searchText: book.searchText, genreId: book.genreId };

/**
 * The books of a page found by id, with their genre, in the list's order: prepared, one statement
 * per order (src/server/db/prepared.ts). Ordering by `column || ''`, an expression no index
 * provides, keeps the planner on the ids' primary key instead of walking the order's index and
 * filtering.
 */
const byIdsIn = (column: AnyPgColumn, order: 'asc' | 'desc') => {
  const direction = order === 'desc' ? desc : asc;
  return preparedPerDatabase((db) =>
    bookWithGenre(db)
      .where(oneOf(book.id, sql.placeholder('ids')))
      .orderBy(direction(sql`${column} || ''`), direction(book.id))
      .prepare(`books_by_ids_${column.name}_${order}`),
  );
};
const booksByIds = {
  title: { asc: byIdsIn(book.title, 'asc'), desc: byIdsIn(book.title, 'desc') },
  author: { asc: byIdsIn(book.author, 'asc'), desc: byIdsIn(book.author, 'desc') },
};

async function listPage(db: Database, input: BookListInput, t: Translate): Promise<BookList> {
  const matching = await listCondition(db, input);
  const byAuthor = input.sort === 'author';
  const column = byAuthor ? book.author : book.title;
  const descending = input.order === 'desc';
  const direction = descending ? desc : asc;
  const after = readCursor(input.cursor, ['text', 'text'], t);
  const afterCursor = after
    ? descending
      ? sql`(${column}, ${book.id}) < (${after[0]}, ${after[1]})`
      : sql`(${column}, ${book.id}) > (${after[0]}, ${after[1]})`
    : undefined;
  const page = input.limit + 1;
  const byIds = (ids: string[]) => booksByIds[input.sort][input.order](db).execute({ ids: idArray(ids) });
  /**
   * The page after the cursor of the rows `where` selects: their ids first, chosen by the planner
   * between walking the order's index (which carries what `covered` names: the index alone, until
   * the page is full) and finding them through a search index and sorting them; then their rows.
   */
  const readPage = async (where: SQL | undefined) => {
    const ids = db
      .select({ id: book.id, key: column })
      .from(book)
      .where(and(where, afterCursor))
      .orderBy(direction(column), direction(book.id))
      .limit(page)
      .as('ids');
    return db
      .select(selection)
      .from(ids)
      .innerJoin(book, eq(book.id, ids.id))
      .leftJoin(genre, eq(book.genreId, genre.id))
      .orderBy(direction(ids.key), direction(ids.id));
  };
  /**
   * A search's or filter's first page, from what the capped look found: all the matches (the page's
   * ids, or none), or past the cap the page's last row at the latest (its bound), so the page's walk
   * stops there whatever the planner expected of it.
   */
  const firstPage = async (condition: (on: Searched) => SQL | undefined, found: CappedMatches) => {
    if (found.pageIds) return found.pageIds.length ? byIds(found.pageIds) : [];
    if (found.bound) {
      const bounded = await readPage(and(condition(covered), upTo({ id: book.id, key: column, cast: 'text', descending }, found.bound)));
      // Short only when rows were deleted meanwhile.
      if (bounded.length === page) return bounded;
    }
    return readPage(condition(covered));
  };
  // The total on the first page only, for a search or filter counted by the capped look; without
  // either, the total is a single row read, done beside the page.
  const [rows, counted] = !matching
    ? await Promise.all([readPage(undefined), input.cursor ? null : rowsIn(db, 'book').then((total) => ({ total, totalCapped: false }))])
    : input.cursor
      ? [await readPage(matching(covered)), null]
      : await cappedMatches(db, { id: book.id, key: column, where: matching(book)!, descending, limit: page }).then(
          async (found) => [await firstPage(matching, found), found] as const,
        );
  return {
    ...keysetPage(rows, input.limit, (r) => [byAuthor ? r.author! : r.title!, r.id!], toBook),
    total: counted?.total ?? null,
    totalCapped: counted?.totalCapped ?? false,
  };
}

export const booksRouter = {
  list: base
    .meta({ permission: { book: ['read'] } })
    .route({ method: 'GET', path: '/books', summary: 'List books (by title or author), filtered by genre', tags: ['books'] })
    .input(bookListInputSchema)
    .output(bookListSchema)
    .handler(({ input, context }) => listPage(context.db, input, context.t)),

  get: base
    .meta({ permission: { book: ['read'] } })
    .route({ method: 'GET', path: '/books/{id}', summary: 'Get a book', tags: ['books'] })
    .input(idInputSchema)
    .output(bookSchema)
    .handler(async ({ input, context }) => {
      const [row] = await bookById(context.db).execute({ id: input.id });
      if (!row) throw apiError('NOT_FOUND', context.t('catalog:book.notFound'));
      return toBook(row);
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
          await tx.insert(book).values({ id, ...input });
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
        // The row stays locked until the answer's copy is read: a concurrent delete waits (it was a 500).
        found = await context.db.transaction(async (tx) => {
          const [before] = await tx.select().from(book).where(eq(book.id, id)).for('update');
          if (!before) return null;
          await tx.update(book).set(values).where(eq(book.id, id));
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
