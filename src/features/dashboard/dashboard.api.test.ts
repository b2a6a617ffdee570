import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signIn } from '../../../tests/support/api.ts';
import { queryRows } from '#/server/db/client.ts';
import { database } from '#/server/db/index.ts';
import { user } from '#/server/db/schema.ts';
import type { Dashboard } from './dashboard.schema';
// example:start
import { book } from '#/server/db/schema.ts';
// example:end

let admin: string;

beforeAll(async () => {
  admin = await signIn('admin@example.com');
});

const today = () => new Date().toISOString().slice(0, 10);

describe('dashboard API', () => {
  it('refuses a user who may not list users with 403', async () => {
    const user = await signIn('user@example.com');
    expect((await api('GET', '/dashboard', { cookie: user })).status).toBe(403);
  });

  it('gives sign-ups per day for 30 days ending today, and the trends of users and books', async () => {
    const before = await api<Dashboard>('GET', '/dashboard', { cookie: admin });
    expect(before.status).toBe(200);
    const days = before.body.signupsPerDay;
    expect(days).toHaveLength(30);
    expect(days.at(-1)!.day).toBe(today());
    expect(days[0]!.day).toBe(new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10));

    // Joined today, 40 days ago (the previous period) and 90 days ago (neither).
    const db = await database();
    const ago = (n: number) => new Date(Date.now() - n * 86_400_000);
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await db.insert(user).values([
      { id: ids[0]!, name: 'Today Joiner', email: 'today.joiner@example.org' },
      { id: ids[1]!, name: 'Forty Days', email: 'forty.days@example.org', createdAt: ago(40) },
      { id: ids[2]!, name: 'Ninety Days', email: 'ninety.days@example.org', createdAt: ago(90) },
    ]);
    // example:start
    await db.insert(book).values({ id: crypto.randomUUID(), title: 'Trend Book', author: 'Trend Author', createdAt: ago(45) });
    // example:end

    const after = await api<Dashboard>('GET', '/dashboard', { cookie: admin });
    expect(after.body.signupsPerDay.at(-1)!.count).toBe(days.at(-1)!.count + 1);
    expect(after.body.trends.users).toEqual({
      current: before.body.trends.users.current + 1,
      previous: before.body.trends.users.previous + 1,
    });
    // example:start
    expect(after.body.trends.books).toEqual({
      current: before.body.trends.books.current,
      previous: before.body.trends.books.previous + 1,
    });
    // example:end
    expect(after.body.counts.users).toBe(before.body.counts.users + 3);
    await db.delete(user).where(eq(user.id, ids[0]!));
  });

  // example:start
  it('gives the books added per day beside the sign-ups, the same days', async () => {
    const before = await api<Dashboard>('GET', '/dashboard', { cookie: admin });
    expect(before.body.booksPerDay.map((d) => d.day)).toEqual(before.body.signupsPerDay.map((d) => d.day));
    const db = await database();
    const ago = (n: number) => new Date(Date.now() - n * 86_400_000);
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await db.insert(book).values([
      { id: ids[0]!, title: 'Added Today', author: 'Day Author' },
      { id: ids[1]!, title: 'Added Today Too', author: 'Day Author' },
      { id: ids[2]!, title: 'Added Ten Days Ago', author: 'Day Author', createdAt: ago(10) },
    ]);
    const after = await api<Dashboard>('GET', '/dashboard', { cookie: admin });
    expect(after.body.booksPerDay.at(-1)!.count).toBe(before.body.booksPerDay.at(-1)!.count + 2);
    expect(after.body.booksPerDay.at(-11)!.count).toBe(before.body.booksPerDay.at(-11)!.count + 1);
    expect(after.body.signupsPerDay).toEqual(before.body.signupsPerDay);
    await db.delete(book).where(inArray(book.id, ids));
  });
  // example:end

  it('gives 7 or 90 days on request, each trend against the period of the same length before it, and refuses other ranges', async () => {
    const db = await database();
    const ago = (n: number) => new Date(Date.now() - n * 86_400_000);
    const read = async (days: number) => (await api<Dashboard>('GET', `/dashboard?days=${days}`, { cookie: admin })).body;
    const [week, quarter] = [await read(7), await read(90)];
    expect(week.signupsPerDay).toHaveLength(7);
    expect(quarter.signupsPerDay).toHaveLength(90);
    expect(quarter.signupsPerDay[0]!.day).toBe(ago(89).toISOString().slice(0, 10));
    // 10 days ago: the previous week, and this quarter.
    const id = crypto.randomUUID();
    await db.insert(user).values({ id, name: 'Ten Days', email: 'ten.days@example.org', createdAt: ago(10) });
    const [weekAfter, quarterAfter] = [await read(7), await read(90)];
    expect(weekAfter.trends.users).toEqual({ current: week.trends.users.current, previous: week.trends.users.previous + 1 });
    expect(quarterAfter.trends.users).toEqual({ current: quarter.trends.users.current + 1, previous: quarter.trends.users.previous });
    await db.delete(user).where(eq(user.id, id));
    for (const days of ['14', 'x', '30.5']) expect((await api('GET', `/dashboard?days=${days}`, { cookie: admin })).status, days).toBe(400);
  });

  it('keeps its counts right through deletes, a moved creation date and bans, without reading every row', async () => {
    const db = await database();
    const ago = (n: number) => new Date(Date.now() - n * 86_400_000);
    const before = (await api<Dashboard>('GET', '/dashboard', { cookie: admin })).body;
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await db.insert(user).values([
      { id: ids[0]!, name: 'Kept One', email: 'kept.one@example.org', createdAt: ago(2) },
      { id: ids[1]!, name: 'Gone One', email: 'gone.one@example.org', createdAt: ago(2) },
      { id: ids[2]!, name: 'Moved One', email: 'moved.one@example.org', createdAt: ago(3), role: 'user, admin', banned: true },
    ]);
    await db.delete(user).where(eq(user.id, ids[1]!));
    // Changed by hand in SQL (the app never does): the row counts on its new day.
    await db
      .update(user)
      .set({ createdAt: ago(35) })
      .where(eq(user.id, ids[2]!));

    const after = (await api<Dashboard>('GET', '/dashboard', { cookie: admin })).body;
    expect(after.trends.users).toEqual({ current: before.trends.users.current + 1, previous: before.trends.users.previous + 1 });
    const dayOf = (d: Date) => d.toISOString().slice(0, 10);
    const countOn = (b: Dashboard, day: string) => b.signupsPerDay.find((d) => d.day === day)!.count;
    expect(countOn(after, dayOf(ago(2)))).toBe(countOn(before, dayOf(ago(2))) + 1);
    expect(countOn(after, dayOf(ago(3)))).toBe(countOn(before, dayOf(ago(3))));
    expect(after.counts).toMatchObject({
      users: before.counts.users + 2,
      admins: before.counts.admins + 1,
      banned: before.counts.banned + 1,
    });

    const kept = await queryRows<{ day: string; n: string }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, n from daily_count where table_name = 'user' and n <> 0 order by day`,
    );
    const counted = await queryRows<{ day: string; n: string }>(
      db,
      sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*) as n from "user" group by 1 order by 1`,
    );
    expect(kept.map((r) => [r.day, Number(r.n)])).toEqual(counted.map((r) => [r.day, Number(r.n)]));
    await db.delete(user).where(inArray(user.id, [ids[0]!, ids[2]!]));
  });
});
