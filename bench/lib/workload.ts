// Read from the seeded database itself; `restore` puts back what the run changed on PostgreSQL.
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

export interface SqlClient {
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function postgresClient(url: string): Promise<SqlClient> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <T>(text: string, values?: unknown[]) => (await client.query(text, values)).rows as T[],
    close: () => client.end(),
  };
}

/** Opened exactly as the server opens it, and only while no server holds the folder. */
export async function pgliteClient(dataDir: string): Promise<SqlClient & { pglite: PGlite }> {
  const { openDatabase } = await import('../../src/server/db/client.ts');
  const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  const pglite = (handle.db as unknown as { $client: PGlite }).$client;
  return {
    pglite,
    query: async <T>(text: string, values?: unknown[]) => (await pglite.query<T>(text, values)).rows,
    close: () => handle.close(),
  };
}

export interface Person {
  id: string;
  email: string;
  name: string;
  admin: boolean;
}

export interface Workload {
  people: Person[];
  bookIds: string[];
  genreIds: string[];
  authors: string[];
  /** Most popular first (see `zipf`). */
  bookTerms: string[];
  userTerms: string[];
  bookWords: string[];
  userWords: string[];
}

const TERMS = 10_000;
const MAX_TERM_LENGTH = 8;

/** Deterministic (mulberry32), so a run's choices can be repeated. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: orders terms the same way whichever database (and sample) they came from. */
function hash(text: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** As typed into a search box, an equal share per length; ordered by a hash, so the same data gives the same terms and ranks. */
function termsFrom(texts: string[], count = TERMS): string[] {
  const words = Array.from({ length: MAX_TERM_LENGTH + 1 }, () => new Set<string>());
  const numbers = new Set<string>();
  for (const text of texts) {
    const t = text.toLowerCase();
    for (let i = 0; i < t.length; i++) {
      if (t[i] === ' ') continue;
      for (let len = 1; len <= MAX_TERM_LENGTH && i + len <= t.length; len++) {
        if (t[i + len - 1] === ' ') continue;
        const term = t.slice(i, i + len);
        if (/\d/.test(term)) numbers.add(term);
        else words[len]!.add(term);
      }
    }
  }
  const byHash = (set: Set<string>) => [...set].sort((a, b) => hash(a) - hash(b));
  // A length with fewer distinct terms (few 1-letter ones) leaves its share to the others.
  const pools = words.slice(1).map(byHash);
  const picked: string[] = [];
  while (picked.length < count && pools.some((p) => p.length)) {
    const open = pools.filter((p) => p.length);
    const share = Math.max(1, Math.floor((count - picked.length) / open.length));
    for (const pool of open) picked.push(...pool.splice(0, Math.min(share, count - picked.length)));
  }
  // Numbers (one book each) only after every word.
  const rank = (list: string[]) => list.sort((a, b) => hash(`rank:${a}`) - hash(`rank:${b}`));
  return [...rank(picked), ...rank(byHash(numbers).slice(0, count - picked.length))];
}

export function shortTermShare(terms: string[], s = 1): number {
  let all = 0;
  let short = 0;
  terms.forEach((t, r) => {
    const w = 1 / (r + 1) ** s;
    all += w;
    if (t.length <= 2) short += w;
  });
  return short / all;
}

function wordsOf(texts: string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) for (const w of text.toLowerCase().split(/[^\p{L}]+/u)) if (w.length >= 2) words.add(w);
  return [...words].sort();
}

/** Weight 1/(r+1)^s: some searches repeat, most terms are seldom asked for. */
export function zipf(n: number, rand: () => number, s = 1) {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r++) cumulative[r] = sum += 1 / (r + 1) ** s;
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export interface WorkloadOptions {
  sessions: number;
  /** At least one. */
  adminShare: number;
}

export async function prepareWorkload(db: SqlClient, options: WorkloadOptions): Promise<Workload> {
  const rows = await db.query<{ id: string; email: string; name: string }>(
    `select id, email, name from "user"
      where role = 'user' and banned is not true and onboarded_at is not null and email like '%@example.net'
      order by random() limit $1`,
    [options.sessions],
  );
  if (rows.length < options.sessions) throw new Error(`only ${rows.length} seeded users to sign in, ${options.sessions} wanted`);
  const admins = Math.max(1, Math.round(options.sessions * options.adminShare));
  const people = rows.map((r, i) => ({ ...r, admin: i < admins }));
  await db.query(`update "user" set role = 'admin' where id = any($1)`, [people.filter((p) => p.admin).map((p) => p.id)]);

  const bookIds = (await db.query<{ id: string }>(`select id from book order by random() limit 5000`)).map((r) => r.id);
  const genreIds = (await db.query<{ id: string }>(`select id from genre`)).map((r) => r.id);
  // Ordered by a hash: the seed writes the same rows into either database, so both draw the same terms.
  const books = await db.query<{ title: string; author: string }>(`select title, author from book order by md5(title) limit 4000`);
  const genres = await db.query<{ name: string }>(`select name from genre`);
  const users = await db.query<{ name: string; email: string }>(`select name, email from "user" order by md5(email) limit 4000`);
  const bookTexts = [...books.flatMap((b) => [b.title, b.author]), ...genres.map((g) => g.name)];
  const userTexts = users.flatMap((u) => [u.name, u.email]);
  return {
    people,
    bookIds,
    genreIds,
    authors: [...new Set(books.map((b) => b.author))],
    bookTerms: termsFrom(bookTexts),
    userTerms: termsFrom(userTexts),
    bookWords: wordsOf(bookTexts),
    userWords: wordsOf(userTexts),
  };
}

export async function restore(db: SqlClient, people: Person[], bookTitlePrefix: string) {
  await db.query(
    `update "user" set role = 'user', name = v.name
       from (select unnest($1::text[]) as id, unnest($2::text[]) as name) v
      where "user".id = v.id`,
    [people.map((p) => p.id), people.map((p) => p.name)],
  );
  await db.query(`delete from session where user_id = any($1)`, [people.map((p) => p.id)]);
  await db.query(`delete from book where title like $1`, [`${bookTitlePrefix}%`]);
}
