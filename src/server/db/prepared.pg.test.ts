/**
 * What PostgreSQL receives for the most frequent reads (decision 051): named statements, which it
 * plans once per connection, for reads whose plan never depends on their values; a search's own
 * statements unnamed, planned with their term each time. Read at the driver (`pg`'s Client), the
 * last layer before the wire.
 */
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { api, signIn } from '../../../tests/support/api.ts';
import type { Book } from '#/features/books/books.schema';

type List = { items: Book[]; total: number | null };
interface Sent {
  name: string | undefined;
  text: string;
}

/** Every statement the process's pool sends while `run` runs. */
async function sentDuring(run: () => Promise<unknown>): Promise<Sent[]> {
  const sent: Sent[] = [];
  const query = pg.Client.prototype.query;
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const [config] = args;
    if (config && typeof config === 'object' && 'text' in config) {
      const c = config as { name?: string; text: string };
      sent.push({ name: c.name, text: c.text });
    } else if (typeof config === 'string') sent.push({ name: undefined, text: config });
    // The driver's own overloads, passed through untouched.
    return (query as (...a: unknown[]) => unknown).apply(this, args) as ReturnType<typeof query>;
  });
  try {
    await run();
  } finally {
    vi.restoreAllMocks();
  }
  return sent;
}

let user: string;
let admin: string;

await describeOnPostgres(() => {
  beforeAll(async () => {
    user = await signIn('user@example.com');
    admin = await signIn('admin@example.com');
  });
  afterEach(() => vi.restoreAllMocks());

  describe('prepared statements', () => {
    it('reads a book, the plain list and my organisations through named statements, the same on every connection', async () => {
      const list = await api<List>('GET', '/books', { cookie: user });
      const [first, second] = list.body.items;
      const sent = await sentDuring(async () => {
        // More at once than the pool has connections: each prepares the statement for itself.
        const details = await Promise.all(
          Array.from({ length: 24 }, (_, i) => api<Book>('GET', `/books/${i % 2 ? second!.id : first!.id}`, { cookie: user })),
        );
        expect(details.map((d) => d.status)).toEqual(Array(24).fill(200));
        expect(details.map((d) => d.body.title)).toEqual(Array.from({ length: 24 }, (_, i) => (i % 2 ? second!.title : first!.title)));
        expect((await api<List>('GET', '/books', { cookie: user })).body.total).toBe(list.body.total);
        expect((await api('GET', '/organizations', { cookie: user })).status).toBe(200);
      });
      const names = new Set(sent.map((s) => s.name));
      for (const name of ['session_by_token', 'book_by_id', 'row_count_of', 'organizations_of_user']) expect(names).toContain(name);
      expect(sent.filter((s) => s.name === 'book_by_id')).toHaveLength(24);
    });

    it('sends a search with its term, unnamed, and the genre lookup and page by id named', async () => {
      const term = 'ali'; // "Alice's Adventures in Wonderland": a few matches, so the page is read by id.
      let found: List | undefined;
      const sent = await sentDuring(async () => {
        found = (await api<List>('GET', `/books?searchTerm=${term}&sort=author&order=desc`, { cookie: user })).body;
      });
      expect(found!.items.length).toBeGreaterThan(0);
      expect(found!.items.every((b) => `${b.title} ${b.author} ${b.genre?.name ?? ''}`.toLowerCase().includes(term))).toBe(true);
      const authors = found!.items.map((b) => b.author);
      expect(authors).toEqual([...authors].sort((a, b) => b.localeCompare(a, 'en')));
      const capped = sent.filter((s) => s.text.startsWith('with m as'));
      expect(capped).toHaveLength(1);
      expect(capped[0]!.name).toBeUndefined();
      expect(sent.map((s) => s.name)).toEqual(expect.arrayContaining(['genre_ids_by_name', 'books_by_ids_author_desc']));
    });

    it("reads a people search's page by id through the statement of its order", async () => {
      let found: { items: { email: string; name: string }[]; total: number | null } | undefined;
      const sent = await sentDuring(async () => {
        const res = await api<typeof found>('GET', '/users?searchTerm=example.com&sort=name&order=asc&limit=100', { cookie: admin });
        expect(res.status).toBe(200);
        found = res.body;
      });
      expect(found!.items.map((u) => u.email)).toEqual(expect.arrayContaining(['admin@example.com', 'user@example.com']));
      expect(found!.items).toHaveLength(found!.total!);
      const names = found!.items.map((u) => u.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(sent.find((s) => s.text.startsWith('with m as'))?.name).toBeUndefined();
      expect(sent.map((s) => s.name)).toContain('users_by_ids_name_asc');
    });
  });
});
