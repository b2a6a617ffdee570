// No token leaves the server: the caller's session is marked by comparing ids, and a session is ended
// by its id (Better Auth's revoke-session takes the token, which the page never has).
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import { z } from '#/lib/zod';
import { apiError } from '#/server/api-errors.ts';
import { actingIn, recordAuditEvent } from '#/server/audit/record.ts';
import { passkey, session } from '#/server/db/schema.ts';
import { base } from '#/server/rpc.ts';
import { describeUserAgent } from '#/server/user-agent.ts';
import { signInMethodsProcedure } from './sign-in-methods.router';

// Not in account.schema.ts: the route tree reads that module on every page, and zod stays out of it.
const ownSessionSchema = z.object({
  id: z.string(),
  device: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.date(),
  lastActiveAt: z.date(),
  current: z.boolean(),
  /** An administrator's session as this user (impersonation). */
  impersonated: z.boolean(),
});

/** What the account page shows of a passkey: never its key or its credential id. */
const ownPasskeySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  createdAt: z.date(),
  /** Written by our hook after a sign-in with it (src/server/passkeys.ts); null until then. */
  lastUsedAt: z.date().nullable(),
});

export const accountRouter = {
  passkeys: base
    .meta({ permission: 'signed-in' })
    .route({ method: 'GET', path: '/account/passkeys', summary: "The caller's passkeys, oldest first", tags: ['account'] })
    .input(z.object({}).optional())
    .output(z.array(ownPasskeySchema))
    .handler(({ context }) =>
      context.db
        .select({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt, lastUsedAt: passkey.lastUsedAt })
        .from(passkey)
        .where(eq(passkey.userId, context.user!.id))
        .orderBy(asc(passkey.createdAt), asc(passkey.id)),
    ),
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
  revokeSession: base
    // A change to one's own account, so a write that demo mode refuses.
    .meta({ permission: { account: ['update'] } })
    .route({
      method: 'DELETE',
      path: '/account/sessions/{id}',
      summary: "End one of the caller's other sessions (sign that device out)",
      tags: ['account'],
    })
    .input(z.object({ id: z.string().min(1).max(200) }))
    .output(z.object({ id: z.string() }))
    .handler(async ({ input, context }) => {
      const me = context.user!;
      // Sessions live in the database only: the next request with it is signed out.
      const ended = await context.db.transaction(async (tx) => {
        const rows = await tx
          .delete(session)
          .where(and(eq(session.id, input.id), eq(session.userId, me.id), ne(session.id, context.sessionId ?? '')))
          .returning({ id: session.id });
        if (rows.length) {
          await recordAuditEvent(tx, {
            ...actingIn(context),
            action: 'session.revoked',
            target: { type: 'user', id: me.id, label: me.email },
            details: { scope: 'one', sessionId: input.id },
          });
        }
        return rows;
      });
      if (!ended.length) throw apiError('NOT_FOUND', context.t('users:sessions.notFound'));
      return { id: input.id };
    }),
  signInMethods: signInMethodsProcedure,
};
