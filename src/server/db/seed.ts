// Idempotent: inserts skip existing rows. `books`/`users` are totals; the extra rows are synthetic, for benchmarks.
import { randomUUID } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { book, genre, user } from './schema.ts';
import { BOOKS, FIRST_NAMES, GENRES, LAST_NAMES, TITLE_WORDS } from './seed-data.ts';

export interface SeedOptions {
  books?: number;
  users?: number;
  onProgress?: (label: 'books' | 'users', done: number, total: number) => void;
}

export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', name: 'Admin', role: 'admin' },
  { email: 'user@example.com', name: 'User', role: 'user' },
] as const;

const BATCH = 1000;

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

function demoUsers() {
  const people = FIRST_NAMES.map((first, i) => {
    const last = LAST_NAMES[i % LAST_NAMES.length]!;
    return { email: `${ascii(first)}.${ascii(last)}@example.com`, name: `${first} ${last}`, role: 'user' };
  });
  return [...DEMO_ACCOUNTS, ...people];
}

function syntheticUser(i: number) {
  const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
  const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!;
  return { email: `${ascii(first)}.${ascii(last)}.${i}@example.net`, name: `${first} ${last}`, role: 'user' };
}

/** 100 authors, so searching one matches about 1 % of a large catalogue. */
function syntheticBook(i: number) {
  const a = TITLE_WORDS[i % TITLE_WORDS.length]!;
  const b = TITLE_WORDS[Math.floor(i / TITLE_WORDS.length) % TITLE_WORDS.length]!;
  const author = `${FIRST_NAMES[i % 10]} ${LAST_NAMES[Math.floor(i / 10) % 10]}`;
  return { title: `The ${a} ${b} ${i}`, author, genre: GENRES[i % GENRES.length]!.name };
}

async function insertUsers(db: Database, rows: Array<{ email: string; name: string; role: string }>) {
  const now = new Date();
  await db
    .insert(user)
    // Field by field, with `satisfies`: a renamed column is a type error here (a spread would hide it).
    .values(
      rows.map(
        (r) =>
          ({
            id: randomUUID(),
            email: r.email,
            name: r.name,
            role: r.role,
            emailVerified: true,
            onboardedAt: now,
          }) satisfies typeof user.$inferInsert,
      ),
    )
    .onConflictDoNothing();
}

export async function seed(db: Database, options: SeedOptions = {}) {
  await db
    .insert(genre)
    .values(GENRES.map((g) => ({ id: randomUUID(), name: g.name, color: g.color }) satisfies typeof genre.$inferInsert))
    .onConflictDoNothing();
  const genres = await db.select({ id: genre.id, name: genre.name }).from(genre);
  const genreIds = new Map(genres.map((g) => [g.name.toLowerCase(), g.id]));
  // A misspelt genre in the seed data fails the seed (and its tests) instead of seeding a book without one.
  const genreId = (name: string) => {
    const id = genreIds.get(name.toLowerCase());
    if (!id) throw new Error(`Seed data: no genre named "${name}"`);
    return id;
  };

  const insertBooks = (rows: Array<{ title: string; author: string; genre: string; publisher?: string | undefined }>) =>
    db
      .insert(book)
      .values(
        rows.map(
          (r) =>
            ({
              id: randomUUID(),
              title: r.title,
              author: r.author,
              publisher: r.publisher ?? null,
              genreId: genreId(r.genre),
            }) satisfies typeof book.$inferInsert,
        ),
      )
      .onConflictDoNothing();

  await insertUsers(db, demoUsers());
  await insertBooks(BOOKS.map(([title, author, g, publisher]) => ({ title, author, genre: g, publisher })));
  // The image library loads only here.
  await (await import('../storage/seed-covers.ts')).seedCovers(db);

  const fill = async (
    label: 'books' | 'users',
    wanted: number | undefined,
    current: () => Promise<number>,
    insert: (from: number, to: number) => Promise<unknown>,
  ) => {
    if (!wanted) return;
    let have = await current();
    let next = have;
    while (have < wanted) {
      const to = Math.min(next + BATCH, next + (wanted - have));
      await insert(next, to);
      next = to;
      have = await current();
      options.onProgress?.(label, Math.min(have, wanted), wanted);
    }
  };

  // Bulk writes: the search indexes gather entries in a pending list and merge once at the end.
  const bulk = Boolean(options.books || options.users);
  if (bulk) for (const index of SEARCH_INDEXES) await db.execute(sql`alter index ${sql.identifier(index)} set (fastupdate = on)`);
  try {
    await fill(
      'users',
      options.users,
      async () => (await db.select({ n: count() }).from(user))[0]!.n,
      (from, to) =>
        insertUsers(
          db,
          Array.from({ length: to - from }, (_, k) => syntheticUser(from + k)),
        ),
    );
    await fill(
      'books',
      options.books,
      async () => (await db.select({ n: count() }).from(book))[0]!.n,
      (from, to) => insertBooks(Array.from({ length: to - from }, (_, k) => syntheticBook(from + k))),
    );
  } finally {
    if (bulk)
      for (const index of SEARCH_INDEXES) {
        await db.execute(sql`alter index ${sql.identifier(index)} set (fastupdate = off)`);
        await db.execute(sql`select gin_clean_pending_list(${index}::regclass)`);
      }
  }
  // Fresh statistics and visibility map: the embedded database runs no autovacuum.
  if (bulk) await db.execute(sql`vacuum analyze`);
}

const SEARCH_INDEXES = ['book_search_trgm', 'book_search_tripled_trgm', 'user_search_trgm', 'user_search_tripled_trgm'];

export async function isEmpty(db: Database) {
  // One row is enough (a count would read every user at each start).
  const rows = await db.select({ id: user.id }).from(user).limit(1);
  return rows.length === 0;
}
