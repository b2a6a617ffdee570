// Each backend needs a process of its own (the database opens once per process), hence two test files.
import type { RouterClient } from '@orpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { handleApiRequest } from '#/server/api-handler.ts';
import { database } from '#/server/db/index.ts';
import { auditEvent, book } from '#/server/db/schema.ts';
import type { AppRouter } from '#/server/router.ts';
import { api, signIn } from './api.ts';
import type { Book } from '#/features/books/books.schema';

type List = { items: Book[]; nextCursor: string | null; total: number | null; totalCapped: boolean };
type ApiError = { code: string; message: string; data?: { fields?: Record<string, string>; field?: string } };

let admin: string;
let user: string;

export function booksApiSuite() {
  beforeAll(async () => {
    admin = await signIn('admin@example.com');
    user = await signIn('user@example.com');
  });

  describe('books API: permissions', () => {
    it('answers 401 signed out, lets a user read, and refuses a user every write with 403', async () => {
      expect((await api('GET', '/books')).status).toBe(401);
      const list = await api<List>('GET', '/books', { cookie: user });
      expect(list.status).toBe(200);
      expect(list.body.items).toHaveLength(20);
      expect(list.body.total).toBeGreaterThanOrEqual(50);

      const id = list.body.items[0]!.id;
      expect((await api('GET', `/books/${id}`, { cookie: user })).status).toBe(200);
      for (const [method, path, body] of [
        ['POST', '/books', { title: 'x', author: 'y' }],
        ['PUT', `/books/${id}`, { title: 'x', author: 'y' }],
        ['DELETE', `/books/${id}`, undefined],
        ['POST', '/genres', { name: 'Satire' }],
      ] as const) {
        const res = await api<ApiError>(method, path, { cookie: user, body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: 'You are not allowed to access resource: book' });
      }
    });
  });

  describe('books API: create, read, update, delete', () => {
    it('runs the whole life of a book, with its genre', async () => {
      const genre = await api<{ id: string; name: string }>('POST', '/genres', {
        cookie: admin,
        body: { name: 'Satire', color: '#aa3355' },
      });
      expect(genre.status).toBe(201);
      const created = await api<Book>('POST', '/books', {
        cookie: admin,
        body: { title: '  A Modest Proposal ', author: 'Jonathan Swift', genreId: genre.body.id, publisher: '' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        title: 'A Modest Proposal',
        author: 'Jonathan Swift',
        publisher: null,
        genre: { name: 'Satire', color: '#aa3355' },
      });

      const updated = await api<Book>('PUT', `/books/${created.body.id}`, {
        cookie: admin,
        body: { title: 'A Modest Proposal', author: 'Jonathan Swift', genreId: null, publisher: 'S. Harding' },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ publisher: 'S. Harding', genre: null });

      expect((await api('DELETE', `/books/${created.body.id}`, { cookie: admin })).status).toBe(200);
      const gone = await api<ApiError>('GET', `/books/${created.body.id}`, { cookie: admin });
      expect(gone.status).toBe(404);
      expect(gone.body).toMatchObject({ code: 'NOT_FOUND', message: 'Book not found' });
      expect((await api('DELETE', `/books/${created.body.id}`, { cookie: admin })).status).toBe(404);
      expect((await api('PUT', `/books/${created.body.id}`, { cookie: admin, body: { title: 'x', author: 'y' } })).status).toBe(404);
    });

    it('answers invalid input with 400 and translated field errors', async () => {
      const res = await api<ApiError>('POST', '/books', { cookie: admin, body: { title: ' ', author: '' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'INPUT_VALIDATION_FAILED',
        data: { fields: { title: 'Title is required', author: 'Author is required' } },
      });
      const fr = await api<ApiError>('POST', '/books', { cookie: admin, body: { title: '', author: 'x' }, language: 'fr' });
      expect(fr.body.data?.fields?.title).not.toBe('Title is required');
      // A field left out, or of the wrong type, and a number out of range: Zod's own checks, in the reader's language too.
      const missing = await api<ApiError>('POST', '/books', { cookie: admin, body: { title: '' }, language: 'fr' });
      expect([missing.status, missing.body.message, missing.body.data?.fields]).toEqual([
        400,
        'Saisie invalide',
        { title: 'Le titre est obligatoire', author: 'Obligatoire' },
      ]);
      const wrongType = await api<ApiError>('POST', '/books', { cookie: admin, body: { title: 7, author: 'x' }, language: 'fr' });
      // French sets a no-break space before the colon.
      expect(wrongType.body.data?.fields?.title).toMatch(/^Valeur attendue\s:\sstring$/);
      const tooMany = await api<ApiError>('GET', '/books?limit=101', { cookie: admin, language: 'fr' });
      expect([tooMany.status, tooMany.body.data?.fields]).toEqual([400, { limit: 'Doit être inférieur ou égal à 100' }]);
      expect((await api('GET', '/books?limit=0', { cookie: admin })).status).toBe(400);
      expect((await api('GET', '/books?limit=101', { cookie: admin })).status).toBe(400);
      expect((await api('GET', '/books?cursor=not-a-cursor', { cookie: admin })).status).toBe(400);
      expect((await api('POST', '/books', { cookie: admin, body: { title: 'x', author: 'y', genreId: 'no-such-genre' } })).status).toBe(
        404,
      );
      // An id no row can have is refused before the database sees it.
      expect((await api('POST', '/books', { cookie: admin, body: { title: 'x', author: 'y', genreId: 'g'.repeat(101) } })).status).toBe(
        400,
      );
    });

    it('refuses a field it does not know (a renamed one, say) with 400 naming it, and writes nothing', async () => {
      const res = await api<ApiError>('POST', '/books', {
        cookie: admin,
        body: { title: 'Unknown fields', author: 'A', publisherName: 'P' },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INPUT_VALIDATION_FAILED');
      expect(res.body.message).toContain('publisherName');
      const fr = await api<ApiError>('POST', '/books', {
        cookie: admin,
        body: { title: 'Unknown fields', author: 'A', publisherName: 'P' },
        language: 'fr',
      });
      expect(fr.body.message).toMatch(/^Clés non reconnues\s:\spublisherName$/);
      const list = await api<{ items: unknown[] }>('GET', `/books?searchTerm=${encodeURIComponent('Unknown fields')}`, { cookie: admin });
      expect(list.body.items).toEqual([]);
      const created = await api<{ id: string }>('POST', '/books', { cookie: admin, body: { title: 'Known fields', author: 'A' } });
      const put = await api<ApiError>('PUT', `/books/${created.body.id}`, { cookie: admin, body: { title: 'x', author: 'y', isbn: '1' } });
      expect(put.status).toBe(400);
      expect(put.body.message).toContain('isbn');
    });

    it('refuses a list parameter it does not know (a misspelt filter would otherwise return everything) with 400 naming it', async () => {
      const res = await api<ApiError>('GET', '/books?search=verne', { cookie: admin });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INPUT_VALIDATION_FAILED');
      expect(res.body.message).toContain('search');
      expect((await api<ApiError>('GET', '/books?genre=nope', { cookie: admin })).status).toBe(400);
    });
  });

  describe('books API: bulk delete (the table’s selected rows)', () => {
    it('deletes several books, each audited as a deletion, names the missing ones, and refuses a user with 403', async () => {
      const ids: string[] = [];
      for (const title of ['Bulk Gone One', 'Bulk Gone Two']) {
        const created = await api<Book>('POST', '/books', { cookie: admin, body: { title, author: 'Bulk Author' } });
        ids.push(created.body.id);
      }
      const refused = await api<ApiError>('POST', '/books/bulk/delete', { cookie: user, body: { ids } });
      expect([refused.status, refused.body.message]).toEqual([403, 'You are not allowed to access resource: book']);
      const missing = '00000000-0000-4000-8000-000000000000';
      const res = await api<{ done: string[]; skipped: unknown[] }>('POST', '/books/bulk/delete', {
        cookie: admin,
        body: { ids: [...ids, missing] },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ done: ids, skipped: [{ id: missing, code: 'NOT_FOUND', message: 'Book not found' }] });
      const db = await database();
      expect(await db.select({ id: book.id }).from(book).where(inArray(book.id, ids))).toEqual([]);
      const events = await db
        .select({ label: auditEvent.targetLabel })
        .from(auditEvent)
        .where(sql`${auditEvent.action} = 'book.deleted' and ${inArray(auditEvent.targetId, ids)}`);
      expect(events.map((e) => e.label).sort()).toEqual(['Bulk Gone One', 'Bulk Gone Two']);
    });
  });

  describe('books API: uniqueness enforced by the database', () => {
    it('refuses the same title for the same author, whatever the case, with 409', async () => {
      const res = await api<ApiError>('POST', '/books', {
        cookie: admin,
        body: { title: 'TREASURE island', author: 'robert louis STEVENSON' },
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'CONFLICT', message: 'Title already used with the same author', data: { field: 'title' } });
      expect((await api('POST', '/books', { cookie: admin, body: { title: 'Treasure Island', author: 'Someone Else' } })).status).toBe(201);
    });

    it('lets exactly one of 20 concurrent identical creates win; the others get 409', async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, () => api('POST', '/books', { cookie: admin, body: { title: 'The Race', author: 'Many Hands' } })),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    });

    it('answers updates racing a delete of the same book with 200 or 404, never 500 (found under load by the bench)', async () => {
      for (let round = 0; round < 15; round++) {
        const created = await api<Book>('POST', '/books', { cookie: admin, body: { title: `Raced ${round}`, author: 'Quick Hands' } });
        expect(created.status).toBe(201);
        const path = `/books/${created.body.id}`;
        const update = (n: number) => api('PUT', path, { cookie: admin, body: { title: `Raced ${round}.${n}`, author: 'Quick Hands' } });
        const answers = await Promise.all([
          ...Array.from({ length: 6 }, (_, n) => update(n)),
          api('DELETE', path, { cookie: admin }),
          update(6),
          update(7),
        ]);
        expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 204 && s !== 404)).toEqual([]);
      }
    });

    it("refuses a genre name that exists, whatever the case: 'Genre already exists'", async () => {
      const res = await api<ApiError>('POST', '/genres', { cookie: admin, body: { name: 'mystery' } });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Genre already exists');
    });
  });

  describe('books API: nothing read is kept', () => {
    it('lists and reads rows written behind the API’s back (in SQL) at once', async () => {
      const path = '/books?searchTerm=Zanzibar%20Ledger';
      expect((await api<List>('GET', path, { cookie: user })).body.total).toBe(0);
      const db = await database();
      const id = crypto.randomUUID();
      await db.insert(book).values({ id, title: 'Zanzibar Ledger I', author: 'Behind the Back' });
      expect((await api<List>('GET', path, { cookie: user })).body.items.map((b) => b.title)).toEqual(['Zanzibar Ledger I']);
      expect((await api<Book>('GET', `/books/${id}`, { cookie: user })).body.title).toBe('Zanzibar Ledger I');
      await db.update(book).set({ title: 'Zanzibar Ledger (renamed in SQL)' }).where(eq(book.id, id));
      expect((await api<Book>('GET', `/books/${id}`, { cookie: user })).body.title).toBe('Zanzibar Ledger (renamed in SQL)');
    });

    it('marks every answer private, never to be stored', async () => {
      const res = await handleApiRequest(new Request('http://localhost:3000/api/rpc/books', { headers: { cookie: user } }));
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    });
  });

  describe('books API: pagination and search', () => {
    it('returns every row exactly once across pages, even while rows are inserted', async () => {
      const first = await api<List>('GET', '/books?limit=7', { cookie: admin });
      const before = first.body.total!;
      const seen: string[] = first.body.items.map((b) => b.id);
      let cursor = first.body.nextCursor;
      let inserted = 0;
      while (cursor) {
        await api('POST', '/books', { cookie: admin, body: { title: `Inserted ${inserted}`, author: 'Paginator' } });
        inserted++;
        const page = await api<List>('GET', `/books?limit=7&cursor=${cursor}`, { cookie: admin });
        expect(page.body.total).toBeNull();
        seen.push(...page.body.items.map((b) => b.id));
        cursor = page.body.nextCursor;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBeGreaterThanOrEqual(before);
    });

    it('searches title, author and genre without regard to case or accents, with a total', async () => {
      await api('POST', '/books', { cookie: admin, body: { title: 'Germinal', author: 'Émile Zola' } });
      for (const term of ['EMILE', 'émile', 'zola', 'germ']) {
        const res = await api<List>('GET', `/books?searchTerm=${encodeURIComponent(term)}`, { cookie: admin });
        expect(
          res.body.items.map((b) => b.title),
          term,
        ).toContain('Germinal');
        expect(res.body.total).toBe(res.body.items.length);
      }
      const byGenre = await api<List>('GET', '/books?searchTerm=SCIENCE%20FICTION&limit=100', { cookie: admin });
      expect(byGenre.body.items.length).toBeGreaterThan(3);
      expect(byGenre.body.items.every((b) => b.genre?.name === 'Science Fiction')).toBe(true);
      const literal = await api<List>('GET', '/books?searchTerm=%25', { cookie: admin });
      expect(literal.body.total).toBe(0);
    });

    it('finds 1- and 2-character terms anywhere in title or author, never across the two', async () => {
      await api('POST', '/books', { cookie: admin, body: { title: 'Qjx Handbook', author: 'Wé Kx' } });
      const titles = async (term: string) =>
        (await api<List>('GET', `/books?searchTerm=${encodeURIComponent(term)}&limit=100`, { cookie: admin })).body;
      expect((await titles('qj')).items.map((b) => b.title)).toEqual(['Qjx Handbook']);
      expect((await titles('JX')).items.map((b) => b.title)).toEqual(['Qjx Handbook']);
      expect((await titles('kx')).items.map((b) => b.title)).toEqual(['Qjx Handbook']);
      expect((await titles('we')).items.map((b) => b.title)).toContain('Qjx Handbook');
      expect((await titles('q')).items.map((b) => b.title)).toContain('Qjx Handbook');
      // 'Handbook' ends the title and 'Wé' starts the author: no match is made of both.
      expect((await titles('kw')).total).toBe(0);
      expect((await titles('k w')).total).toBe(0);
      // Short terms go through the tripled text: a letter twice is not the letter once.
      expect((await titles('qq')).total).toBe(0);
      expect((await titles('xh')).total).toBe(0);
      // The user's wildcards are literal, accents and ligatures are folded as for longer terms.
      await api('POST', '/books', { cookie: admin, body: { title: 'Cæsar_Qv 50%', author: 'Zz Vq\\' } });
      for (const term of ['_', 'r_', '_q', '%', '0%', 'æ', 'AE', 'Æs', 'zz', 'z', '\\', 'q\\', 'qv'])
        expect(
          (await titles(term)).items.map((b) => b.title),
          term,
        ).toContain('Cæsar_Qv 50%');
      for (const term of ['x_', '%5', 'zzz', 'a%', '\\q', 'q_']) expect((await titles(term)).total, term).toBe(0);
      // Any id, quotes and backslashes included.
      const db = await database();
      await db.insert(book).values({ id: 'odd "id\\', title: 'Qj Odd Id', author: 'Someone' });
      expect((await titles('qj')).items.map((b) => [b.id, b.title])).toEqual([
        ['odd "id\\', 'Qj Odd Id'],
        [expect.any(String), 'Qjx Handbook'],
      ]);
      await db.delete(book).where(eq(book.title, 'Qj Odd Id'));
    });

    it('pages through many matches that sit together late in the alphabet, each once and in order', async () => {
      const db = await database();
      const filler = Array.from({ length: 2100 }, (_, i) => ({ id: crypto.randomUUID(), title: `Aardvark Filler ${i}`, author: 'Nobody' }));
      const late = Array.from({ length: 1010 }, (_, i) => ({
        id: crypto.randomUUID(),
        title: `Zz Late ${String(i).padStart(4, '0')}`,
        author: 'Ovid Clusterer',
      }));
      await db.insert(book).values([...filler, ...late]);
      const seen: string[] = [];
      let path = '/books?searchTerm=clusterer&limit=100';
      for (;;) {
        const page = (await api<List>('GET', path, { cookie: user })).body;
        if (!seen.length) expect(page).toMatchObject({ total: 1000, totalCapped: true });
        seen.push(...page.items.map((b) => b.title));
        if (!page.nextCursor) break;
        path = `/books?searchTerm=clusterer&limit=100&cursor=${page.nextCursor}`;
      }
      expect(seen).toEqual(late.map((b) => b.title));
      await db.delete(book).where(inArray(book.author, ['Nobody', 'Ovid Clusterer']));
    });

    it("counts a search's matches up to 1000: past that the total is 1000 and marked capped", async () => {
      const db = await database();
      const rows = Array.from({ length: 1005 }, (_, i) => ({ id: crypto.randomUUID(), title: `Capped Count ${i}`, author: 'Quire Tally' }));
      await db.insert(book).values(rows);
      const many = await api<List>('GET', '/books?searchTerm=quire%20tally', { cookie: user });
      expect(many.body).toMatchObject({ total: 1000, totalCapped: true });
      expect(many.body.items).toHaveLength(20);
      expect(many.body.items[0]!.title).toBe('Capped Count 0');
      await db.delete(book).where(
        inArray(
          book.id,
          rows.slice(0, 6).map((r) => r.id),
        ),
      );
      const exact = await api<List>('GET', '/books?searchTerm=quire%20tally', { cookie: user });
      expect(exact.body).toMatchObject({ total: 999, totalCapped: false });
      expect(exact.body.items[0]!.title).toBe('Capped Count 10');
      const all = await api<List>('GET', '/books?limit=1', { cookie: user });
      expect(all.body.totalCapped).toBe(false);
      expect(all.body.total).toBeGreaterThan(1000);
      await db.delete(book).where(eq(book.author, 'Quire Tally'));
    });

    it('gives the true first page of a search past the cap, in every order, whichever matches are found first', async () => {
      // Inserted from the end of the alphabet: the first 1 001 matches a scan meets are not the first in title order.
      const db = await database();
      const n = 1300;
      const rows = Array.from({ length: n }, (_, i) => ({
        id: crypto.randomUUID(),
        title: `Bounded Pick ${String(n - 1 - i).padStart(4, '0')}`,
        author: `Zq Writer ${String(i).padStart(4, '0')}`,
      }));
      for (let i = 0; i < n; i += 500) await db.insert(book).values(rows.slice(i, i + 500));
      const titles = rows.map((r) => r.title).sort();
      const authors = rows.map((r) => r.author).sort();
      const page = async (query: string) => (await api<List>('GET', `/books?${query}`, { cookie: user })).body;
      for (const term of ['bounded pick', 'zq']) {
        const byTitle = await page(`searchTerm=${encodeURIComponent(term)}`);
        expect(byTitle).toMatchObject({ total: 1000, totalCapped: true });
        expect(byTitle.items.map((b) => b.title)).toEqual(titles.slice(0, 20));
        const next = await page(`searchTerm=${encodeURIComponent(term)}&cursor=${byTitle.nextCursor}`);
        expect(next.items.map((b) => b.title)).toEqual(titles.slice(20, 40));
        const desc = await page(`searchTerm=${encodeURIComponent(term)}&order=desc`);
        expect(desc.items.map((b) => b.title)).toEqual([...titles].reverse().slice(0, 20));
        const byAuthor = await page(`searchTerm=${encodeURIComponent(term)}&sort=author`);
        expect(byAuthor.items.map((b) => b.author)).toEqual(authors.slice(0, 20));
        const byAuthorDesc = await page(`searchTerm=${encodeURIComponent(term)}&sort=author&order=desc`);
        expect(byAuthorDesc.items.map((b) => b.author)).toEqual([...authors].reverse().slice(0, 20));
      }
      await db.delete(book).where(sql`${book.title} like 'Bounded Pick %'`);
    });
  });

  describe('books API: genre filter and orders (issue 16, the books table)', () => {
    const all = async (query: string) => {
      const items: Book[] = [];
      let cursor: string | null = null;
      let total: number | null = null;
      do {
        const page: { status: number; body: List } = await api<List>('GET', `/books?${query}${cursor ? `&cursor=${cursor}` : ''}`, {
          cookie: user,
        });
        expect(page.status, query).toBe(200);
        total ??= page.body.total;
        items.push(...page.body.items);
        cursor = page.body.nextCursor;
      } while (cursor);
      return { items, total };
    };

    it('lists only the books of one genre, with their total', async () => {
      const genre = await api<{ id: string }>('POST', '/genres', { cookie: admin, body: { name: 'Filter Genre' } });
      for (const title of ['Zebra Days', 'Aardvark Nights', 'Middle Ground'])
        expect(
          (await api('POST', '/books', { cookie: admin, body: { title, author: 'Filter Author', genreId: genre.body.id } })).status,
        ).toBe(201);
      const inGenre = await all(`genreId=${genre.body.id}&limit=2`);
      expect(inGenre.items.map((b) => b.title)).toEqual(['Aardvark Nights', 'Middle Ground', 'Zebra Days']);
      expect(inGenre.total).toBe(3);
      const searched = await all(`genreId=${genre.body.id}&searchTerm=nights`);
      expect(searched.items.map((b) => b.title)).toEqual(['Aardvark Nights']);
      const desc = await all(`genreId=${genre.body.id}&order=desc&limit=2`);
      expect(desc.items.map((b) => b.title)).toEqual(['Zebra Days', 'Middle Ground', 'Aardvark Nights']);
      expect((await api<List>('GET', '/books?genreId=no-such-genre', { cookie: user })).body).toMatchObject({ items: [], total: 0 });
    });

    it("counts the search's books per genre (shadcn's faceted counts), whatever genre is filtered", async () => {
      const genres = await Promise.all(
        ['Facet Sea', 'Facet Sky'].map(
          async (name) => (await api<{ id: string }>('POST', '/genres', { cookie: admin, body: { name } })).body.id,
        ),
      );
      for (const [title, genreId] of [
        ['Quorvane One', genres[0]],
        ['Quorvane Two', genres[0]],
        ['Quorvane Three', genres[1]],
        ['Quorvane Four', null],
        ['Other Four', genres[1]],
      ] as const)
        expect((await api('POST', '/books', { cookie: admin, body: { title, author: 'Facet Author', genreId } })).status).toBe(201);
      const facets = async (query: string) => {
        const res = await api<{ genreId: Record<string, number> }>('GET', `/books/facets?${query}`, { cookie: user });
        expect(res.status, query).toBe(200);
        return res.body.genreId;
      };
      expect(await facets('searchTerm=quorvane')).toEqual({ [genres[0]!]: 2, [genres[1]!]: 1 });
      expect(await facets('searchTerm=facet%20author')).toEqual({ [genres[0]!]: 2, [genres[1]!]: 2 });
      expect(await facets('searchTerm=quorvane%20t')).toEqual({ [genres[0]!]: 1, [genres[1]!]: 1 });
      // The genre filter is the facet's own, so not its input: refused, naming it.
      const refused = await api<ApiError>('GET', `/books/facets?genreId=${genres[0]}`, { cookie: user });
      expect([refused.status, Object.keys(refused.body.data?.fields ?? {})]).toEqual([400, ['genreId']]);
    });

    it("gives a search's matches in the list's order, by title or author, either way, across pages", async () => {
      for (const [title, author] of [
        ['Orbix Alpha', 'Carter'],
        ['Beta Orbix', 'Adams'],
        ['Gamma', 'Orbix Baker'],
      ])
        expect((await api('POST', '/books', { cookie: admin, body: { title, author } })).status).toBe(201);
      const titles = async (query: string) => (await all(`searchTerm=orbix&limit=2&${query}`)).items.map((b) => b.title);
      expect(await titles('sort=title')).toEqual(['Beta Orbix', 'Gamma', 'Orbix Alpha']);
      expect(await titles('sort=title&order=desc')).toEqual(['Orbix Alpha', 'Gamma', 'Beta Orbix']);
      expect(await titles('sort=author')).toEqual(['Beta Orbix', 'Orbix Alpha', 'Gamma']);
      expect(await titles('sort=author&order=desc')).toEqual(['Gamma', 'Orbix Alpha', 'Beta Orbix']);
    });

    it('orders by author, either way, paging through every book once', async () => {
      const byAuthor = await all('sort=author&limit=25');
      expect(byAuthor.items).toHaveLength(byAuthor.total!);
      expect(new Set(byAuthor.items.map((b) => b.id)).size).toBe(byAuthor.total);
      const reversed = await all('sort=author&order=desc&limit=25');
      expect(reversed.items.map((b) => b.id)).toEqual([...byAuthor.items.map((b) => b.id)].reverse());
      const first = await api<List>('GET', '/books?sort=author&limit=100', { cookie: user });
      const authors = first.body.items.map((b) => b.author);
      expect(authors.indexOf('Filter Author')).toBeGreaterThan(-1);
      expect((await api<ApiError>('GET', '/books?sort=price', { cookie: user })).status).toBe(400);
      expect((await api<ApiError>('GET', '/books?order=sideways', { cookie: user })).status).toBe(400);
    });
    it('lists the newest books first, paging through every book once, then the oldest first', async () => {
      const db = await database();
      await db
        .update(book)
        .set({ createdAt: sql`now() + interval '1 hour'` })
        .where(eq(book.title, 'Gamma'));
      const newest = await all('sort=createdAt&order=desc&limit=25');
      expect(newest.items[0]!.title).toBe('Gamma');
      expect(new Set(newest.items.map((b) => b.id)).size).toBe(newest.total);
      const dates = newest.items.map((b) => new Date(b.createdAt).getTime());
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      const oldest = await all('sort=createdAt&limit=25');
      expect(oldest.items.map((b) => b.id)).toEqual([...newest.items.map((b) => b.id)].reverse());
    });
  });

  describe('typed client (oRPC protocol at /api/rpc/_rpc)', () => {
    it('calls the same procedures with full types, errors included', async () => {
      const { createORPCClient, ORPCError } = await import('@orpc/client');
      const { RPCLink } = await import('@orpc/client/fetch');
      const { handleApiRequest } = await import('#/server/api-handler.ts');
      const link = new RPCLink({
        url: 'http://localhost:3000/api/rpc/_rpc',
        headers: { cookie: admin },
        fetch: (request) => handleApiRequest(request as Request),
      });
      const client: RouterClient<AppRouter> = createORPCClient(link);
      const page = await client.books.list({ limit: 3 });
      expect(page.items).toHaveLength(3);
      expect(page.items[0]!.createdAt).toBeInstanceOf(Date);
      const error = await client.books.get({ id: 'missing' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ORPCError);
      expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'Book not found' });
    });
  });
}
