/** The dashboard API (issue 16): counts, 30-day trends and sign-ups per day, on the embedded database. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signIn } from '../../../tests/support/api.ts';
import { database } from '#/server/db/index.ts';
import { book, user } from '#/server/db/schema.ts';
import type { Dashboard } from './dashboard.schema';

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

    // A user who joined today, one 40 days ago (the previous period) and one 90 days ago (neither).
    const db = await database();
    const ago = (n: number) => new Date(Date.now() - n * 86_400_000);
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await db.insert(user).values([
      { id: ids[0]!, name: 'Today Joiner', email: 'today.joiner@example.org' },
      { id: ids[1]!, name: 'Forty Days', email: 'forty.days@example.org', createdAt: ago(40) },
      { id: ids[2]!, name: 'Ninety Days', email: 'ninety.days@example.org', createdAt: ago(90) },
    ]);
    await db.insert(book).values({ id: crypto.randomUUID(), title: 'Trend Book', author: 'Trend Author', createdAt: ago(45) });

    const after = await api<Dashboard>('GET', '/dashboard', { cookie: admin });
    expect(after.body.signupsPerDay.at(-1)!.count).toBe(days.at(-1)!.count + 1);
    expect(after.body.trends.users).toEqual({
      current: before.body.trends.users.current + 1,
      previous: before.body.trends.users.previous + 1,
    });
    expect(after.body.trends.books).toEqual({
      current: before.body.trends.books.current,
      previous: before.body.trends.books.previous + 1,
    });
    expect(after.body.counts.users).toBe(before.body.counts.users + 3);
    await db.delete(user).where(eq(user.id, ids[0]!));
  });
});
