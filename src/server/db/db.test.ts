import { count, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPglite, freshPostgres, TEST_DATABASE_URL } from '../../../tests/support/databases.ts';
import { queryRows, type Database, type DatabaseHandle } from './client.ts';
import * as schema from './schema.ts';
import { rowCount, user } from './schema.ts';
import { DEMO_ACCOUNTS, seed } from './seed.ts';
// example:start
import { auditEvent, book, genre } from './schema.ts';
// example:end

async function shape(db: Database) {
  const columns = await queryRows<{ table_name: string }>(
    db,
    sql`
    select table_name, column_name, data_type, is_nullable, column_default
    from information_schema.columns where table_schema = 'public'
    order by table_name, column_name`,
  );
  const indexes = await queryRows<{ indexname: string }>(
    db,
    sql`
    select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`,
  );
  const extensions = await queryRows(db, sql`select extname from pg_extension where extname = 'pg_trgm'`);
  return { columns, indexes, extensions };
}

const SCHEMA_TABLES = Object.values(schema)
  .filter((x) => is(x, PgTable))
  .map((table) => getTableName(table))
  .sort();

async function counts(db: Database) {
  const [u] = await db.select({ n: count() }).from(user);
  // example:start
  const [b] = await db.select({ n: count() }).from(book);
  const [g] = await db.select({ n: count() }).from(genre);
  // example:end
  return {
    users: u!.n,
    // example:start
    books: b!.n,
    genres: g!.n,
    // example:end
  };
}

describe('embedded database (PGlite)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await freshPglite();
  });
  afterAll(() => handle.close());

  it('migrates an empty database with pg_trgm enabled and every table of the schema present', async () => {
    const s = await shape(handle.db);
    expect(s.extensions).toEqual([{ extname: 'pg_trgm' }]);
    const tables = new Set(s.columns.map((c) => c.table_name));
    expect([...tables].sort()).toEqual(SCHEMA_TABLES);
    expect(s.indexes.map((i) => i.indexname)).toContain('user_search_trgm');
  });

  it('provides accent- and case-insensitive search text through f_unaccent', async () => {
    const rows = await queryRows<{ v: string }>(handle.db, sql`select f_unaccent(lower('Émile ZOLA — Lefèvre')) as v`);
    expect(rows[0]!.v).toBe('emile zola - lefevre');
  });

  it('migrating twice is a no-op', async () => {
    await handle.migrate();
    await expect(handle.migrate()).resolves.toBeUndefined();
  });

  it('seeds the contract accounts, ≥ 50 books with authors, ≥ 30 users, idempotently', async () => {
    await seed(handle.db);
    const first = await counts(handle.db);
    expect(first.users).toBeGreaterThanOrEqual(30);
    // example:start
    expect(first.books).toBeGreaterThanOrEqual(50);
    expect(first.genres).toBeGreaterThan(0);
    // example:end
    for (const account of DEMO_ACCOUNTS) {
      const [row] = await handle.db.select().from(user).where(eq(user.email, account.email));
      expect(row).toMatchObject({ name: account.name, role: account.role });
      expect(row!.onboardedAt).toBeInstanceOf(Date);
    }
    // example:start
    const authorless = await handle.db
      .select({ n: count() })
      .from(book)
      .where(sql`${book.author} = ''`);
    expect(authorless[0]!.n).toBe(0);
    // example:end

    await seed(handle.db);
    expect(await counts(handle.db)).toEqual(first);
  });

  it('spreads the demo people and books over the last 90 days, more of them lately, and the daily counts agree', async () => {
    await seed(handle.db);
    const tables = ['user'];
    // example:start
    tables.push('book');
    // example:end
    for (const table of tables) {
      const [spread] = await queryRows<{ days: number; oldest: number; last30: number; first30: number }>(
        handle.db,
        sql`select count(distinct (created_at at time zone 'UTC')::date)::int as days,
                   max((now() at time zone 'UTC')::date - (created_at at time zone 'UTC')::date)::int as oldest,
                   count(*) filter (where created_at > now() - interval '30 days')::int as last30,
                   count(*) filter (where created_at <= now() - interval '60 days')::int as first30
            from ${sql.identifier(table)}`,
      );
      expect(spread!.days).toBeGreaterThanOrEqual(20);
      expect(spread!.oldest).toBe(89);
      expect(spread!.last30).toBeGreaterThan(spread!.first30);
      // The dashboard reads the per-day counts: each day's is the rows created that day.
      const mismatched = await queryRows(
        handle.db,
        sql`select d.day from (select (created_at at time zone 'UTC')::date as day, count(*)::int as n from ${sql.identifier(table)} group by 1) d
            full join (select day, n::int as n from daily_count where table_name = ${table} and n <> 0) c on c.day = d.day
            where c.n is distinct from d.n`,
      );
      expect(mismatched).toEqual([]);
    }
  });

  it('grows to the requested totals with the large-data option and reports progress', async () => {
    const seen: string[] = [];
    await seed(handle.db, {
      users: 1200,
      // example:start
      books: 2500,
      // example:end
      onProgress: (label, done, total) => seen.push(`${label}:${done}/${total}`),
    });
    const c = await counts(handle.db);
    expect(c.users).toBe(1200);
    // example:start
    expect(c.books).toBe(2500);
    expect(seen.at(-1)).toBe('books:2500/2500');
    // example:end
    expect(seen).toContain('users:1200/1200');
  });

  // example:start
  it('writes search entries into the trigram indexes at once: no pending list for a search to read through', async () => {
    // gin_clean_pending_list returns how many pending pages it merged: with `fastupdate` on, the new book would wait in one.
    await handle.db.insert(book).values({ id: 'pending-check', title: 'Pending Check', author: 'Nobody' });
    await handle.db.insert(auditEvent).values({ action: 'book.created', actorName: 'Pending Check', targetLabel: 'Pending Check' });
    const pending = await queryRows<{ book: number; user: number; genre: number; audit: number; short: number }>(
      handle.db,
      sql`select gin_clean_pending_list('book_search_trgm'::regclass)::int as book,
                 gin_clean_pending_list('user_search_trgm'::regclass)::int as user,
                 gin_clean_pending_list('book_search_tripled_trgm'::regclass)::int
                   + gin_clean_pending_list('user_search_tripled_trgm'::regclass)::int as short,
                 gin_clean_pending_list('genre_name_trgm'::regclass)::int as genre,
                 gin_clean_pending_list('audit_event_search_trgm'::regclass)::int as audit`,
    );
    expect(pending).toEqual([{ book: 0, user: 0, genre: 0, audit: 0, short: 0 }]);
    await handle.db.delete(book).where(eq(book.id, 'pending-check'));
  });

  it('keeps the row count of books exact through inserts, ignored conflicts, bulk deletes and rollbacks', async () => {
    const kept = async () => (await handle.db.select({ n: rowCount.n }).from(rowCount).where(eq(rowCount.tableName, 'book')))[0]!.n;
    const real = async () => (await handle.db.select({ n: count() }).from(book))[0]!.n;
    expect(await kept()).toBe(await real());
    await handle.db.insert(book).values({ id: 'one', title: 'Counted', author: 'Someone' });
    await handle.db.insert(book).values({ id: 'one', title: 'Counted', author: 'Someone' }).onConflictDoNothing();
    expect(await kept()).toBe(await real());
    await handle.db.delete(book).where(sql`${book.title} like 'The %'`);
    expect(await kept()).toBe(await real());
    await handle.db
      .transaction(async (tx) => {
        await tx.insert(book).values({ id: 'rolled-back', title: 'Never', author: 'Nobody' });
        tx.rollback();
      })
      .catch(() => {});
    expect(await kept()).toBe(await real());
  });
  // example:end

  it('keeps the row count of users exact through inserts, deletes and cascades', async () => {
    const kept = async () => (await handle.db.select({ n: rowCount.n }).from(rowCount).where(eq(rowCount.tableName, 'user')))[0]!.n;
    const real = async () => (await handle.db.select({ n: count() }).from(user))[0]!.n;
    expect(await kept()).toBe(await real());
    expect(await kept()).toBeGreaterThan(0);
    await handle.db.insert(user).values([
      { id: 'counted-1', email: 'counted-1@example.com' },
      { id: 'counted-2', email: 'counted-2@example.com' },
    ]);
    expect(await kept()).toBe(await real());
    await handle.db.delete(user).where(sql`${user.id} like 'counted-%'`);
    expect(await kept()).toBe(await real());
  });

  it('enforces case-insensitive uniqueness of e-mails, genre names and title per author', async () => {
    await expect(handle.db.insert(user).values({ id: 'dup', email: 'ADMIN@example.com' })).rejects.toThrow();
    // example:start
    await expect(handle.db.insert(genre).values({ id: 'dup', name: 'fantasy', color: '#000' })).rejects.toThrow();
    await expect(
      handle.db.insert(book).values({ id: 'dup', title: 'treasure island', author: 'ROBERT LOUIS STEVENSON' }),
    ).rejects.toThrow();
    // example:end
  });
});

describe.runIf(TEST_DATABASE_URL)('real PostgreSQL (TEST_DATABASE_URL)', () => {
  let pgDb: Awaited<ReturnType<typeof freshPostgres>>;
  let lite: DatabaseHandle;
  beforeAll(async () => {
    pgDb = await freshPostgres();
    lite = await freshPglite();
  });
  afterAll(async () => {
    await pgDb?.drop();
    await lite?.close();
  });

  it('produces exactly the same tables, columns and indexes as PGlite', async () => {
    await pgDb.handle.migrate();
    expect(await shape(pgDb.handle.db)).toEqual(await shape(lite.db));
  });

  it('runs the same seed and queries', async () => {
    await seed(pgDb.handle.db);
    await seed(lite.db);
    expect(await counts(pgDb.handle.db)).toEqual(await counts(lite.db));
  });

  it('lets several instances migrate at once (advisory lock)', async () => {
    const { openDatabase } = await import('./client.ts');
    const others = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: pgDb.url })));
    await Promise.all(others.map((o) => o.migrate()));
    await Promise.all(others.map((o) => o.close()));
    await expect(pgDb.handle.ping()).resolves.toBeUndefined();
  });
});
