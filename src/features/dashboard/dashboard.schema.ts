/**
 * The manager dashboard: counts, the users and books added in the last 30 days against the 30
 * before (the trend), sign-ups per day over 30 days (the chart), and the newest users and books.
 * Days are UTC calendar days; the last 30 end today, today included (the chart's days).
 */
import { z } from '#/lib/zod';

export const DASHBOARD_NEWEST = 5;
/** The period of the trends and of the sign-ups chart, in days (ending today, UTC). */
export const DASHBOARD_DAYS = 30;

const trendSchema = z.object({
  /** Added on the last DASHBOARD_DAYS days (UTC), today included. */
  current: z.number().int(),
  /** Added on the DASHBOARD_DAYS days before those. */
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
  /** One entry per day, oldest first, the last one today (UTC): `day` is `YYYY-MM-DD`. */
  signupsPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  newestUsers: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), createdAt: z.date() })),
  newestBooks: z.array(z.object({ id: z.string(), title: z.string(), author: z.string(), createdAt: z.date() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
