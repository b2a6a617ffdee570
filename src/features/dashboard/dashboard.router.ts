/** Dashboard API: one call for the manager's overview. */
import { desc, sql } from 'drizzle-orm';
import { z } from '#/lib/zod';
import { queryRows } from '#/server/db/client.ts';
import { book, user } from '#/server/db/schema.ts';
import { storedRoleIsAdmin } from '#/server/roles.ts';
import { base } from '#/server/rpc.ts';
import { DASHBOARD_NEWEST, dashboardSchema } from './dashboard.schema';

export const dashboardRouter = {
  get: base
    .meta({ permission: { user: ['list'], session: ['list'], book: ['read'] } })
    .route({ method: 'GET', path: '/dashboard', summary: 'Counts and the newest users and books', tags: ['dashboard'] })
    .input(z.object({}).optional())
    .output(dashboardSchema)
    .handler(async ({ context: { db } }) => {
      const [[counts], newestUsers, newestBooks] = await Promise.all([
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
      return { counts: counts!, newestUsers, newestBooks };
    }),
};
