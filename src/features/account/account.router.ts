// No token leaves the server: the caller's session is marked by comparing ids, and a session is ended
// by its id (Better Auth's revoke-session takes the token, which the page never has).
import { and, asc, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { z } from '#/lib/zod';
import { apiError } from '#/server/api-errors.ts';
import { actingIn, recordAuditEvent } from '#/server/audit/record.ts';
import { passkey, session, verification } from '#/server/db/schema.ts';
import { trustedDeviceOfRequest, trustedDevicesOf } from '#/server/two-factor.ts';
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

/** A browser that skips the second factor's step ("Trust this device"): when it last signed in, until when. */
const trustedDeviceSchema = z.object({
  id: z.string(),
  trustedAt: z.date(),
  trustedUntil: z.date(),
  /** The browser asking. */
  current: z.boolean(),
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
  trustedDevices: base
    .meta({ permission: 'signed-in' })
    .route({
      method: 'GET',
      path: '/account/trusted-devices',
      summary: "The browsers that skip the caller's second factor, the latest first",
      tags: ['account'],
    })
    .input(z.object({}).optional())
    .output(z.array(trustedDeviceSchema))
    .handler(async ({ context }) => {
      const mine = trustedDeviceOfRequest(context.request);
      // The plugin renews a browser's row at each sign-in there: its creation is that sign-in.
      const rows = await context.db
        .select()
        .from(verification)
        .where(and(trustedDevicesOf(context.user!.id), gt(verification.expiresAt, sql`now()`)))
        .orderBy(desc(verification.createdAt), asc(verification.id));
      return rows.map((row) => ({ id: row.id, trustedAt: row.createdAt, trustedUntil: row.expiresAt, current: row.identifier === mine }));
    }),
  revokeTrustedDevice: base
    // A change to one's own account: a write that demo mode refuses.
    .meta({ permission: { account: ['update'] } })
    .route({
      method: 'DELETE',
      path: '/account/trusted-devices/{id}',
      summary: 'Stop trusting a browser: its next sign-in asks for the second factor again',
      tags: ['account'],
    })
    .input(z.object({ id: z.string().min(1).max(200) }))
    .output(z.object({ id: z.string() }))
    .handler(async ({ input, context }) => {
      const me = context.user!;
      const forgotten = await context.db.transaction(async (tx) => {
        const rows = await tx
          .delete(verification)
          .where(and(eq(verification.id, input.id), trustedDevicesOf(me.id)))
          .returning({ id: verification.id });
        if (rows.length) {
          await recordAuditEvent(tx, {
            ...actingIn(context),
            action: 'two-factor.device-revoked',
            target: { type: 'user', id: me.id, label: me.email },
          });
        }
        return rows;
      });
      if (!forgotten.length) throw apiError('NOT_FOUND', context.t('account:trustedDevices.notFound'));
      return { id: input.id };
    }),
  signInMethods: signInMethodsProcedure,
};
