/**
 * Demo data. Idempotent: every insert skips rows that already exist (by their unique keys),
 * so `npm run db:seed` can run any number of times. `books`/`users` ask for at least that many
 * rows in total; the extra ones are synthetic, for benchmarks.
 */
import { randomUUID } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { book, genre, user } from './schema.ts';
import { BOOKS, FIRST_NAMES, GENRES, LAST_NAMES, TITLE_WORDS } from './seed-data.ts';

export interface SeedOptions {
  /** Total number of books wanted (demo books included). */
  books?: number;
  /** Total number of users wanted (demo accounts included). */
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

/** 100 synthetic authors, so searching one author's name matches about 1 % of a large catalogue. */
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
    // `satisfies` makes a renamed or removed column a type error here (a map's result is not checked).
    .values(rows.map((r) => ({ id: randomUUID(), ...r, emailVerified: true, onboardedAt: now }) satisfies typeof user.$inferInsert))
    .onConflictDoNothing();
}

export async function seed(db: Database, options: SeedOptions = {}) {
  await db
    .insert(genre)
    .values(GENRES.map((g) => ({ id: randomUUID(), ...g }) satisfies typeof genre.$inferInsert))
    .onConflictDoNothing();
  const genres = await db.select({ id: genre.id, name: genre.name }).from(genre);
  const genreId = new Map(genres.map((g) => [g.name.toLowerCase(), g.id]));

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
              genreId: genreId.get(r.genre.toLowerCase()) ?? null,
            }) satisfies typeof book.$inferInsert,
        ),
      )
      .onConflictDoNothing();

  await insertUsers(db, demoUsers());
  await insertBooks(BOOKS.map(([title, author, g, publisher]) => ({ title, author, genre: g, publisher })));
  // A few covers, drawn now (the image library loads only here).
  await (await import('../storage/seed-covers.ts')).seedCovers(db);

  const fill = async (
    label: 'books' | 'users',
    wanted: number | undefined,
    current: () => Promise<number>,
    insert: (from: number, to: number) => Promise<unknown>,
  ) => {
    if (!wanted) return;
    let have = await current();
    // Synthetic rows are numbered from the current count, so re-running continues where it stopped.
    let next = have;
    while (have < wanted) {
      const to = Math.min(next + BATCH, next + (wanted - have));
      await insert(next, to);
      next = to;
      have = await current();
      options.onProgress?.(label, Math.min(have, wanted), wanted);
    }
  };

  // Many rows at once: the search indexes gather their new entries in a pending list and merge it
  // once at the end, instead of updating the index row by row (decision 044 turned that off for
  // everyday writes): half the time for 20 000 books and people on the embedded database.
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
  // Fresh statistics so the planner picks the trigram indexes right after a large seed, and the
  // visibility map set, so a search's walk reads the books' order indexes alone (decision 048; the
  // embedded database runs no autovacuum to do it later).
  if (bulk) await db.execute(sql`vacuum analyze`);
}

/** The trigram indexes of the tables a large seed fills (migrations 0010–0012). */
const SEARCH_INDEXES = ['book_search_trgm', 'book_search_tripled_trgm', 'user_search_trgm', 'user_search_tripled_trgm'];

/** True when the database has no user yet (a fresh embedded database is seeded on first start). */
export async function isEmpty(db: Database) {
  // One row is enough to know (a count would read every user at each start).
  const rows = await db.select({ id: user.id }).from(user).limit(1);
  return rows.length === 0;
}
