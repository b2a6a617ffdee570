// Days are UTC calendar days; the last 30 end today, today included.
import { z } from '#/lib/zod';

export const DASHBOARD_NEWEST = 5;
export const DASHBOARD_DAYS = 30;

const trendSchema = z.object({
  current: z.number().int(),
  previous: z.number().int(),
});

export const dashboardSchema = z.object({
  counts: z.object({
    users: z.number().int(),
    admins: z.number().int(),
    banned: z.number().int(),
    books: z.number().int(),
    genres: z.number().int(),
    activeSessions: z.number().int(),
  }),
  trends: z.object({ users: trendSchema, books: trendSchema }),
  /** Oldest first, `YYYY-MM-DD`. */
  signupsPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  newestUsers: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), createdAt: z.date() })),
  newestBooks: z.array(z.object({ id: z.string(), title: z.string(), author: z.string(), createdAt: z.date() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
