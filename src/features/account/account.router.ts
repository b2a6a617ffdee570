/**
 * The signed-in user's own data: where they are signed in. Any session may ask for its own
 * ('signed-in'); no token leaves the server, the caller's session is marked by comparing ids.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { z } from '#/lib/zod';
import { session } from '#/server/db/schema.ts';
import { base } from '#/server/rpc.ts';
import { describeUserAgent } from '#/server/user-agent.ts';

// Not in account.schema.ts: that module holds the account routes' search params, which the route
// tree reads on every page, and zod stays out of it (decision 024).
const ownSessionSchema = z.object({
  id: z.string(),
  device: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.date(),
  lastActiveAt: z.date(),
  /** The session this call came with. */
  current: z.boolean(),
  /** An administrator's session as this user (impersonation). */
  impersonated: z.boolean(),
});

export const accountRouter = {
  sessions: base
    .meta({ permission: 'signed-in' })
    .route({ method: 'GET', path: '/account/sessions', summary: "The caller's active sessions, this one first", tags: ['account'] })
    .input(z.object({}).optional())
    .output(z.array(ownSessionSchema))
    .handler(async ({ context }) => {
      const rows = await context.db
        .select()
        .from(session)
        .where(and(eq(session.userId, context.user!.id), gt(session.expiresAt, sql`now()`)));
      return rows
        .map((s) => ({
          id: s.id,
          device: describeUserAgent(s.userAgent),
          ipAddress: s.ipAddress,
          createdAt: s.createdAt,
          lastActiveAt: s.updatedAt,
          current: s.id === context.sessionId,
          impersonated: Boolean(s.impersonatedBy),
        }))
        .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.getTime() - a.lastActiveAt.getTime());
    }),
};
