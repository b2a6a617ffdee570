import { desc, sql } from 'drizzle-orm';
import { z } from '#/lib/zod';
import { queryRows } from '#/server/db/client.ts';
import { book, user } from '#/server/db/schema.ts';
import { storedRoleIsAdmin } from '#/server/roles.ts';
import { base } from '#/server/rpc.ts';
import { DASHBOARD_DAYS, DASHBOARD_NEWEST, dashboardSchema } from './dashboard.schema';

export const dashboardRouter = {
  get: base
    .meta({ permission: { user: ['list'], session: ['list'], book: ['read'] } })
    .route({
      method: 'GET',
      path: '/dashboard',
      summary: 'Counts, 30-day trends, sign-ups per day and the newest users and books',
      tags: ['dashboard'],
    })
    .input(z.object({}).optional())
    .output(dashboardSchema)
    .handler(async ({ context: { db } }) => {
      type Trends = { usersCurrent: number; usersPrevious: number; booksCurrent: number; booksPrevious: number };
      // Nothing here reads every user or book: per-day rows are kept by triggers, and admins and banned people have small indexes.
      const days = sql.raw(String(DASHBOARD_DAYS));
      const today = sql`(now() at time zone 'UTC')::date`;
      const added = (table: 'user' | 'book', from: number, to: number) =>
        sql`(select coalesce(sum(n), 0)::int from "daily_count"
              where "table_name" = ${table} and "day" > ${today} - ${sql.raw(String(from))} * ${days} and "day" <= ${today} - ${sql.raw(String(to))} * ${days})`;
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
          .select({ id: user.id, name: user.name, email: user.email, createdAt: user.createdAt })
          .from(user)
          .orderBy(desc(user.createdAt), desc(user.id))
          .limit(DASHBOARD_NEWEST),
        db
          .select({ id: book.id, title: book.title, author: book.author, createdAt: book.createdAt })
          .from(book)
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
