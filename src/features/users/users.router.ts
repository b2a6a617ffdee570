/**
 * Users API for the manager: list (newest first, keyset pagination, search over name and e-mail
 * through trigram indexes, the unfiltered total from the trigger-kept row count), get, create,
 * update, and a user's sessions (list, end one). Banning, ending every session, deletion and
 * impersonation are Better Auth's admin endpoints (/api/auth/admin/*), guarded by the same
 * declaration.
 */
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Permission } from '#/lib/permissions';
import { roleFieldIsAdmin } from '#/lib/role-field';
import { z } from '#/lib/zod';
import { apiError, type Translate } from '#/server/api-errors.ts';
import { actingIn, changedFields, recordAuditEvent } from '#/server/audit/record.ts';
import type { Database } from '#/server/db/client.ts';
import { effectiveRole } from '#/server/roles.ts';
import { keysetPage, readCursor } from '#/server/db/cursor.ts';
import { uniqueViolation } from '#/server/db/errors.ts';
import { rowsIn } from '#/server/db/row-count.ts';
import { session, user } from '#/server/db/schema.ts';
import { contains } from '#/server/db/search.ts';
import { isLastAdmin, LAST_ADMIN_LOCK } from '#/server/last-admin.ts';
import { base } from '#/server/rpc.ts';
import { describeUserAgent } from '#/server/user-agent.ts';
import {
  managedUserSchema,
  userIdInputSchema,
  userInputSchema,
  userListInputSchema,
  userListSchema,
  userSessionInputSchema,
  userSessionSchema,
} from './users.schema';

const columns = {
  id: user.id,
  name: user.name,
  email: user.email,
  emailVerified: user.emailVerified,
  image: user.image,
  role: user.role,
  banned: user.banned,
  banReason: user.banReason,
  banExpires: user.banExpires,
  onboardedAt: user.onboardedAt,
  createdAt: user.createdAt,
  updatedAt: user.updatedAt,
};

/** The role as permissions see it (ADMIN_USER_IDS are admins whatever is stored). */
const toManagedUser = <T extends { id: string; role: string }>(row: T) => ({ ...row, role: effectiveRole(row) });

function searchCondition(searchTerm: string): SQL | undefined {
  if (!searchTerm) return undefined;
  return or(contains(user.name, searchTerm), contains(user.email, searchTerm));
}

/** Enough of a token to tell sessions apart, never enough to use one. */
const shortToken = (token: string) => `${token.slice(0, 4)}…${token.slice(-4)}`;

/** Editing who someone is (name, e-mail, role) takes the rights to create users and to set roles. */
const EDIT_USERS: Permission = { user: ['create', 'set-role'] };

function duplicateEmail(error: unknown, t: (key: string) => string): never {
  if (uniqueViolation(error) !== null) throw apiError('USER_ALREADY_EXISTS', t('authErrors:USER_ALREADY_EXISTS'), { field: 'email' });
  throw error;
}

type UserList = z.output<typeof userListSchema>;
type UserListInput = z.output<typeof userListInputSchema>;

async function listPage(db: Database, input: UserListInput, t: Translate): Promise<UserList> {
  const search = searchCondition(input.searchTerm);
  const after = readCursor(input.cursor, ['timestamp', 'text'], t);
  const rows = await db
    .select({ ...columns, key: sql<string>`${user.createdAt}::text` })
    .from(user)
    .where(and(search, after ? sql`(${user.createdAt}, ${user.id}) < (${after[0]}::timestamptz, ${after[1]})` : undefined))
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(input.limit + 1);
  const total = input.cursor ? null : search ? (await db.select({ n: count() }).from(user).where(search))[0]!.n : await rowsIn(db, 'user');
  return {
    ...keysetPage(
      rows,
      input.limit,
      (r) => [r.key, r.id],
      ({ key: _key, ...row }) => toManagedUser(row),
    ),
    total,
  };
}

export const usersRouter = {
  list: base
    .meta({ permission: { user: ['list'] } })
    .route({ method: 'GET', path: '/users', summary: 'List users, newest first', tags: ['users'] })
    .input(userListInputSchema)
    .output(userListSchema)
    .handler(({ input, context }) => listPage(context.db, input, context.t)),

  get: base
    .meta({ permission: { user: ['list'] } })
    .route({ method: 'GET', path: '/users/{id}', summary: 'Get a user', tags: ['users'] })
    .input(userIdInputSchema)
    .output(managedUserSchema)
    .handler(async ({ input, context }) => {
      const [row] = await context.db.select(columns).from(user).where(eq(user.id, input.id));
      if (!row) throw apiError('NOT_FOUND', context.t('authErrors:USER_NOT_FOUND'));
      return toManagedUser(row);
    }),

  create: base
    .meta({ permission: EDIT_USERS })
    .route({ method: 'POST', path: '/users', successStatus: 201, summary: 'Create a user', tags: ['users'] })
    .input(userInputSchema)
    .output(managedUserSchema)
    .handler(async ({ input, context }) => {
      let created;
      try {
        created = await context.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(user)
            // The admin gave the name onboarding would ask for: the user is not asked again.
            .values({ id: crypto.randomUUID(), ...input, onboardedAt: new Date() })
            .returning(columns);
          await recordAuditEvent(tx, {
            ...actingIn(context),
            action: 'user.created',
            target: { type: 'user', id: row!.id, label: row!.email },
            changes: changedFields({ name: null, email: null, role: null }, row!, ['name', 'email', 'role']),
          });
          return row;
        });
      } catch (error) {
        duplicateEmail(error, context.t);
      }
      return toManagedUser(created!);
    }),

  update: base
    .meta({ permission: EDIT_USERS })
    .route({ method: 'PUT', path: '/users/{id}', summary: 'Update a user (name, e-mail, role)', tags: ['users'] })
    .input(userIdInputSchema.extend(userInputSchema.shape))
    .output(managedUserSchema)
    .handler(async ({ input: { id, ...values }, context }) => {
      try {
        return await context.db.transaction(async (tx) => {
          // One admin-changing write at a time, so two demotions cannot each see the other admin.
          await tx.execute(sql`select pg_advisory_xact_lock(${LAST_ADMIN_LOCK})`);
          const [current] = await tx.select({ name: user.name, email: user.email, role: user.role }).from(user).where(eq(user.id, id));
          if (!current) throw apiError('NOT_FOUND', context.t('authErrors:USER_NOT_FOUND'));
          const staysAdmin = roleFieldIsAdmin(effectiveRole({ id, role: values.role }));
          if (!staysAdmin && (await isLastAdmin(tx, id))) throw apiError('LAST_ADMIN', context.t('authErrors:LAST_ADMIN'));
          const emailChanged = current.email.toLowerCase() !== values.email;
          const [updated] = await tx
            .update(user)
            .set({ ...values, ...(emailChanged ? { emailVerified: false } : {}) })
            .where(eq(user.id, id))
            .returning(columns);
          await recordAuditEvent(tx, {
            ...actingIn(context),
            action: 'user.updated',
            target: { type: 'user', id, label: updated!.email },
            changes: changedFields(current, updated!, ['name', 'email', 'role']),
          });
          return toManagedUser(updated!);
        });
      } catch (error) {
        duplicateEmail(error, context.t);
      }
    }),

  sessions: base
    .meta({ permission: { session: ['list'] } })
    .route({ method: 'GET', path: '/users/{id}/sessions', summary: "A user's sessions, latest activity first", tags: ['users'] })
    .input(userIdInputSchema)
    .output(z.array(userSessionSchema))
    .handler(async ({ input, context }) => {
      const rows = await context.db.select().from(session).where(eq(session.userId, input.id)).orderBy(desc(session.updatedAt));
      return rows.map((s) => ({
        id: s.id,
        shortToken: shortToken(s.token),
        device: describeUserAgent(s.userAgent),
        ipAddress: s.ipAddress,
        impersonatedBy: s.impersonatedBy,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        expiresAt: s.expiresAt,
      }));
    }),

  revokeSession: base
    .meta({ permission: { session: ['revoke'] } })
    .route({ method: 'DELETE', path: '/users/{id}/sessions/{sessionId}', summary: "End one of a user's sessions", tags: ['users'] })
    .input(userSessionInputSchema)
    .output(z.object({ id: z.string() }))
    .handler(async ({ input, context }) => {
      // Sessions live in the database only (decision 028): the next request with it is signed out.
      const ended = await context.db.transaction(async (tx) => {
        const rows = await tx
          .delete(session)
          .where(and(eq(session.id, input.sessionId), eq(session.userId, input.id)))
          .returning({ id: session.id });
        if (rows.length) {
          const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, input.id));
          await recordAuditEvent(tx, {
            ...actingIn(context),
            action: 'session.revoked',
            target: { type: 'user', id: input.id, label: owner?.email ?? null },
            details: { scope: 'one', sessionId: input.sessionId },
          });
        }
        return rows;
      });
      if (!ended.length) throw apiError('NOT_FOUND', context.t('users:sessions.notFound'));
      return { id: input.sessionId };
    }),
};
