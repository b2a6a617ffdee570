import { desc, sql, type SQL } from 'drizzle-orm';
import type { z } from '#/lib/zod';
import { queryRows } from '#/server/db/client.ts';
import { user } from '#/server/db/schema.ts';
// example:start
import { eq } from 'drizzle-orm';
import type { Database } from '#/server/db/client.ts';
import { book, genre } from '#/server/db/schema.ts';
// example:end
import { storedRoleIsAdmin } from '#/server/roles.ts';
import { base } from '#/server/rpc.ts';
import { DASHBOARD_NEWEST, dashboardInputSchema, dashboardSchema } from './dashboard.schema';

type Added = (table: string, from: number, to: number) => SQL;
/** A table's rows added on each day of the range, oldest first (the daily counts, decision 050). */
type PerDay = (table: string) => Promise<Array<{ day: string; count: number }>>;

// example:start
/** The catalogue's figures: its counts, its trend and its newest books, beside the users'. */
async function bookFigures(db: Database, added: Added, perDay: PerDay) {
  const [[counts], [trend], booksPerDay, newestBooks] = await Promise.all([
    queryRows<{ books: number; genres: number }>(
      db,
      sql`select (select n::int from "row_count" where "table_name" = 'book') as books, (select count(*)::int from "genre") as genres`,
    ),
    queryRows<{ current: number; previous: number }>(
      db,
      sql`select ${added('book', 1, 0)} as "current", ${added('book', 2, 1)} as "previous"`,
    ),
    perDay('book'),
    db
      .select({
        id: book.id,
        title: book.title,
        author: book.author,
        coverImage: book.coverImage,
        genre: { color: genre.color },
        createdAt: book.createdAt,
      })
      .from(book)
      .leftJoin(genre, eq(book.genreId, genre.id))
      .orderBy(desc(book.createdAt), desc(book.id))
      .limit(DASHBOARD_NEWEST),
  ]);
  return { counts: counts!, trend: trend!, booksPerDay, newestBooks };
}
// example:end

export const dashboardRouter = {
  get: base
    .meta({
      permission: {
        user: ['list'],
        session: ['list'],
        // example:start
        book: ['read'],
        // example:end
      },
      replica: true,
    })
    .route({
      method: 'GET',
      path: '/dashboard',
      summary: 'Counts, trends over the last 7, 30 or 90 days, sign-ups and books added per day and the newest users and books',
      tags: ['dashboard'],
    })
    .input(dashboardInputSchema.prefault({}))
    .output(dashboardSchema)
    .handler(async ({ input, context: { db } }) => {
      type Trends = { usersCurrent: number; usersPrevious: number };
      // Nothing here reads every user or book: per-day rows are kept by triggers, and admins and banned people have small indexes.
      const days = sql`${input.days}::int`;
      const today = sql`(now() at time zone 'UTC')::date`;
      const added: Added = (table, from, to) =>
        sql`(select coalesce(sum(n), 0)::int from "daily_count"
              where "table_name" = ${table} and "day" > ${today} - ${from}::int * ${days} and "day" <= ${today} - ${to}::int * ${days})`;
      const perDay: PerDay = (table) =>
        queryRows<{ day: string; count: number }>(
          db,
          sql`select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(c.n, 0)::int as count
              from generate_series(${today} - (${days} - 1), ${today}, interval '1 day') as d(day)
              left join "daily_count" c on c."table_name" = ${table} and c."day" = d.day::date
              order by d.day`,
        );
      // example:start
      const books = bookFigures(db, added, perDay);
      // example:end
      const [[counts], [trends], signupsPerDay, newestUsers] = await Promise.all([
        queryRows<z.infer<typeof dashboardSchema>['counts']>(
          db,
          sql`select
                (select n::int from "row_count" where "table_name" = 'user') as users,
                (select count(*)::int from "user" where ${storedRoleIsAdmin}) as admins,
                (select count(*)::int from "user" where "banned") as banned,
                (select count(*)::int from "session" where "expires_at" > now()) as "activeSessions"`,
        ),
        queryRows<Trends>(db, sql`select ${added('user', 1, 0)} as "usersCurrent", ${added('user', 2, 1)} as "usersPrevious"`),
        perDay('user'),
        db
          .select({ id: user.id, name: user.name, email: user.email, image: user.image, createdAt: user.createdAt })
          .from(user)
          .orderBy(desc(user.createdAt), desc(user.id))
          .limit(DASHBOARD_NEWEST),
      ]);
      // example:start
      const { counts: bookCounts, trend: booksTrend, booksPerDay, newestBooks } = await books;
      // example:end
      return {
        counts: {
          ...counts!,
          // example:start
          ...bookCounts,
          // example:end
        },
        trends: {
          users: { current: trends!.usersCurrent, previous: trends!.usersPrevious },
          // example:start
          books: booksTrend,
          // example:end
        },
        signupsPerDay,
        newestUsers,
        // example:start
        booksPerDay,
        newestBooks,
        // example:end
      };
    }),
};
