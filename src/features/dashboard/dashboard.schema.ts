// Days are UTC calendar days; a range of 7, 30 or 90 ends today, today included.
import { z } from '#/lib/zod';
import { DASHBOARD_DEFAULT_RANGE, DASHBOARD_RANGES } from './dashboard-range';

export const DASHBOARD_NEWEST = 5;

export const dashboardInputSchema = z.strictObject({
  days: z.coerce.number().pipe(z.literal(DASHBOARD_RANGES)).default(DASHBOARD_DEFAULT_RANGE),
});

const trendSchema = z.object({
  current: z.number().int(),
  previous: z.number().int(),
});

export const dashboardSchema = z.object({
  counts: z.object({
    users: z.number().int(),
    admins: z.number().int(),
    banned: z.number().int(),
    // example:start
    books: z.number().int(),
    genres: z.number().int(),
    // example:end
    activeSessions: z.number().int(),
  }),
  trends: z.object({
    users: trendSchema,
    // example:start
    books: trendSchema,
    // example:end
  }),
  /** Oldest first, `YYYY-MM-DD`. */
  signupsPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  // example:start
  /** The same days as `signupsPerDay`. */
  booksPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  // example:end
  newestUsers: z.array(
    z.object({ id: z.string(), name: z.string(), email: z.string(), image: z.string().nullable(), createdAt: z.date() }),
  ),
  // example:start
  newestBooks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      author: z.string(),
      coverImage: z.string().nullable(),
      genre: z.object({ color: z.string() }).nullable(),
      createdAt: z.date(),
    }),
  ),
  // example:end
});
export type Dashboard = z.infer<typeof dashboardSchema>;
