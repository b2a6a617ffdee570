// Idempotent: inserts skip existing rows. `books`/`users` are totals; the extra rows are synthetic, for benchmarks.
import { randomUUID } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { user } from './schema.ts';
import { FIRST_NAMES, LAST_NAMES } from './seed-data.ts';
// example:start
import { book, genre } from './schema.ts';
import { BOOKS, GENRES, TITLE_WORDS } from './seed-data.ts';
// example:end

export interface SeedOptions {
  // example:start
  books?: number;
  // example:end
  users?: number;
  onProgress?: (label: 'books' | 'users', done: number, total: number) => void;
}

export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', name: 'Admin', role: 'admin' },
  { email: 'user@example.com', name: 'User', role: 'user' },
] as const;

const BATCH = 1000;

const DAY_MS = 86_400_000;
/** The demo's people and books arrive over the dashboard's longest range, more of them lately. */
const SEED_SPREAD_DAYS = 90;

/**
 * When the `i`-th of `total` demo rows was created: the first `SEED_SPREAD_DAYS - 1` days ago, the last
 * today, ever more often towards today (the dashboard's running totals curve up instead of standing in
 * one step), at an hour of the day that varies. Deterministic, so a seed run twice agrees with itself.
 */
function seededCreatedAt(i: number, total: number, now: Date): Date {
  const share = total > 1 ? i / (total - 1) : 1;
  const daysAgo = Math.round((SEED_SPREAD_DAYS - 1) * (1 - share) ** 1.6);
  // Hours before now, within the same UTC day so today's rows stay today's.
  const startOfDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const hours = ((i * 7) % 24) * 3_600_000;
  const at = startOfDay - daysAgo * DAY_MS + Math.min(hours, now.getTime() - startOfDay);
  return new Date(Math.min(at, now.getTime()));
}

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

// example:start
/** 100 authors, so searching one matches about 1 % of a large catalogue. */
function syntheticBook(i: number) {
  const a = TITLE_WORDS[i % TITLE_WORDS.length]!;
  const b = TITLE_WORDS[Math.floor(i / TITLE_WORDS.length) % TITLE_WORDS.length]!;
  const author = `${FIRST_NAMES[i % 10]} ${LAST_NAMES[Math.floor(i / 10) % 10]}`;
  return { title: `The ${a} ${b} ${i}`, author, genre: GENRES[i % GENRES.length]!.name };
}
// example:end

async function insertUsers(db: Database, rows: Array<{ email: string; name: string; role: string; createdAt?: Date }>) {
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
            onboardedAt: r.createdAt ?? now,
            createdAt: r.createdAt ?? now,
            updatedAt: r.createdAt ?? now,
          }) satisfies typeof user.$inferInsert,
      ),
    )
    .onConflictDoNothing();
}

export async function seed(db: Database, options: SeedOptions = {}) {
  // example:start
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

  const insertBooks = (rows: Array<{ title: string; author: string; genre: string; publisher?: string | undefined; createdAt?: Date }>) =>
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
              ...(r.createdAt && { createdAt: r.createdAt, updatedAt: r.createdAt }),
            }) satisfies typeof book.$inferInsert,
        ),
      )
      .onConflictDoNothing();
  // example:end

  // Spread over the last 90 days (the daily counts follow each row's creation date: decision 050).
  const now = new Date();
  const people = demoUsers();
  await insertUsers(
    db,
    people.map((p, i) => ({ ...p, createdAt: seededCreatedAt(i, people.length, now) })),
  );
  // example:start
  await insertBooks(
    BOOKS.map(([title, author, g, publisher], i) => ({
      title,
      author,
      genre: g,
      publisher,
      createdAt: seededCreatedAt(i, BOOKS.length, now),
    })),
  );
  // example:end

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
  const bulk = Object.values(options).some((n) => typeof n === 'number' && n > 0);
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
    // example:start
    await fill(
      'books',
      options.books,
      async () => (await db.select({ n: count() }).from(book))[0]!.n,
      (from, to) => insertBooks(Array.from({ length: to - from }, (_, k) => syntheticBook(from + k))),
    );
    // example:end
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

const SEARCH_INDEXES = [
  'user_search_trgm',
  'user_search_tripled_trgm',
  // example:start
  'book_search_trgm',
  'book_search_tripled_trgm',
  // example:end
];

export async function isEmpty(db: Database) {
  // One row is enough (a count would read every user at each start).
  const rows = await db.select({ id: user.id }).from(user).limit(1);
  return rows.length === 0;
}
