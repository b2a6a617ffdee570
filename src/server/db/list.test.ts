// listPage with a filter over joined tables (ListOptions.joins): a shelf's items found by their book's title or
// the name of who added them, with the total counted through the same joins.
import { eq, or, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from './index.ts';
import { listKey, listPage } from './list.ts';
import { book, shelfItem, user } from './schema.ts';
import { contains } from './search.ts';

const t = (key: string) => key;
const byBook = eq(book.id, shelfItem.bookId);
const byAdder = eq(user.id, shelfItem.addedBy);

async function shelfSearch(term: string, limit = 10) {
  const db = await database();
  const query = db
    .select({ id: shelfItem.id, title: book.title, addedBy: user.name, key: listKey(book.title) })
    .from(shelfItem)
    .innerJoin(book, byBook)
    .leftJoin(user, byAdder)
    .$dynamic();
  const where = or(contains(book.title, term), contains(user.name, term));
  return listPage(db, query, {
    where,
    sort: book.title,
    id: shelfItem.id,
    order: 'asc',
    limit,
    t,
    joins: [
      { table: book, on: byBook },
      { table: user, on: byAdder },
    ],
  });
}

beforeAll(async () => {
  const db = await database();
  await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    values ('adder-1', 'Zelda Quarry', 'zelda.quarry@example.com', true, now(), now())`);
  await db.execute(sql`insert into organization (id, name, slug, created_at) values ('org-list', 'Listers', 'listers', now())`);
  await db.execute(sql`insert into book (id, title, author) values
    ('lb-1', 'Marmalade Skies', 'A. One'), ('lb-2', 'Marmalade Seas', 'B. Two'), ('lb-3', 'Plain Toast', 'C. Three')`);
  await db.execute(sql`insert into shelf_item (id, organization_id, book_id, added_by) values
    ('li-1', 'org-list', 'lb-1', null), ('li-2', 'org-list', 'lb-2', null), ('li-3', 'org-list', 'lb-3', 'adder-1')`);
});

describe('listPage over joined tables', () => {
  it("finds rows by their parent's column, with the total", async () => {
    const page = await shelfSearch('marmalade');
    expect(page.items.map((i) => i.title)).toEqual(['Marmalade Seas', 'Marmalade Skies']);
    expect(page.total).toBe(2);
  });

  it('finds rows by the name of who added them, and keeps rows without one', async () => {
    const page = await shelfSearch('quarry');
    expect(page.items.map((i) => [i.title, i.addedBy])).toEqual([['Plain Toast', 'Zelda Quarry']]);
    expect(page.total).toBe(1);
  });

  it('pages through the matches', async () => {
    const first = await shelfSearch('marmalade', 1);
    expect(first.items.map((i) => i.title)).toEqual(['Marmalade Seas']);
    expect(first.nextCursor).toBeTruthy();
  });
});
