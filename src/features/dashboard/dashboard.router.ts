import { desc, eq, sql } from 'drizzle-orm';
import type { z } from '#/lib/zod';
import { queryRows } from '#/server/db/client.ts';
import { book, genre, user } from '#/server/db/schema.ts';
import { storedRoleIsAdmin } from '#/server/roles.ts';
import { base } from '#/server/rpc.ts';
import { DASHBOARD_NEWEST, dashboardInputSchema, dashboardSchema } from './dashboard.schema';

export const dashboardRouter = {
  get: base
    .meta({ permission: { user: ['list'], session: ['list'], book: ['read'] } })
    .route({
      method: 'GET',
      path: '/dashboard',
      summary: 'Counts, trends over the last 7, 30 or 90 days, sign-ups per day and the newest users and books',
      tags: ['dashboard'],
    })
    .input(dashboardInputSchema.prefault({}))
    .output(dashboardSchema)
    .handler(async ({ input, context: { db } }) => {
      type Trends = { usersCurrent: number; usersPrevious: number; booksCurrent: number; booksPrevious: number };
      // Nothing here reads every user or book: per-day rows are kept by triggers, and admins and banned people have small indexes.
      const days = sql`${input.days}::int`;
      const today = sql`(now() at time zone 'UTC')::date`;
      const added = (table: 'user' | 'book', from: number, to: number) =>
        sql`(select coalesce(sum(n), 0)::int from "daily_count"
              where "table_name" = ${table} and "day" > ${today} - ${from}::int * ${days} and "day" <= ${today} - ${to}::int * ${days})`;
      const [[counts], [trends], signupsPerDay, newestUsers, newestBooks] = await Promise.all([
        queryRows<z.infer<typeof dashboardSchema>['counts']>(
          db,
          sql`select
                (select n::int from "row_count" where "table_name" = 'user') as users,
                (select count(*)::int from "user" where ${storedRoleIsAdmin}) as admins,
                (select count(*)::int from "user" where "banned") as banned,
                (select n::int from "row_count" where "table_name" = 'book') as books,
                (select count(*)::int from "genre") as genres,
                (select count(*)::int from "session" where "expires_at" > now()) as "activeSessions"`,
        ),
        queryRows<Trends>(
          db,
          sql`select ${added('user', 1, 0)} as "usersCurrent", ${added('user', 2, 1)} as "usersPrevious",
                     ${added('book', 1, 0)} as "booksCurrent", ${added('book', 2, 1)} as "booksPrevious"`,
        ),
        queryRows<{ day: string; count: number }>(
          db,
          sql`select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(c.n, 0)::int as count
              from generate_series(${today} - (${days} - 1), ${today}, interval '1 day') as d(day)
              left join "daily_count" c on c."table_name" = 'user' and c."day" = d.day::date
              order by d.day`,
        ),
        db
          .select({ id: user.id, name: user.name, email: user.email, image: user.image, createdAt: user.createdAt })
          .from(user)
          .orderBy(desc(user.createdAt), desc(user.id))
          .limit(DASHBOARD_NEWEST),
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
      return {
        counts: counts!,
        trends: {
          users: { current: trends!.usersCurrent, previous: trends!.usersPrevious },
          books: { current: trends!.booksCurrent, previous: trends!.booksPrevious },
        },
        signupsPerDay,
        newestUsers,
        newestBooks,
      };
    }),
};
