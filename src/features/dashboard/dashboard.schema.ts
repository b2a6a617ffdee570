/** The manager dashboard: counts and the newest users and books. */
import { z } from '#/lib/zod';

export const DASHBOARD_NEWEST = 5;

export const dashboardSchema = z.object({
  counts: z.object({
    users: z.number().int(),
    admins: z.number().int(),
    banned: z.number().int(),
    books: z.number().int(),
    genres: z.number().int(),
    activeSessions: z.number().int(),
  }),
  newestUsers: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), createdAt: z.date() })),
  newestBooks: z.array(z.object({ id: z.string(), title: z.string(), author: z.string(), createdAt: z.date() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
