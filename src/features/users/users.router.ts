// Banning, ending every session, deletion and impersonation are Better Auth's admin endpoints, guarded by the same declaration.
import { and, count, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { Permission } from '#/lib/permissions';
import { roleFieldIsAdmin } from '#/lib/role-field';
import { bulkInputSchema, bulkResultSchema, type BulkResult } from '#/lib/list';
import { clientString, z } from '#/lib/zod';
import { apiError, type Translate } from '#/server/api-errors.ts';
import { actingIn, changedFields, recordAuditEvent } from '#/server/audit/record.ts';
import { env } from '#/server/env.ts';
import { effectiveRole, storedRoleIsAdmin } from '#/server/roles.ts';
import type { Database } from '#/server/db/client.ts';
import { uniqueViolation } from '#/server/db/errors.ts';
import { listKey, listPage } from '#/server/db/list.ts';
import { session, twoFactor, user } from '#/server/db/schema.ts';
import { searchTextContains } from '#/server/db/search.ts';
import { isLastAdmin, LAST_ADMIN_LOCK } from '#/server/last-admin.ts';
import { base } from '#/server/rpc.ts';
import { deletePicturesOf } from '#/server/storage/pictures.ts';
import { forgetTrustedDevices } from '#/server/two-factor.ts';
import { tellTwoFactorReset } from './two-factor-reset.server';
import { shortToken } from '#/server/session-tokens.ts';
import { describeUserAgent } from '#/server/user-agent.ts';
import {
  managedUserSchema,
  userIdInputSchema,
  userDetailSchema,
  userFacetsInputSchema,
  userFacetsSchema,
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

/** ADMIN_USER_IDS are admins whatever is stored. */
const toManagedUser = <T extends { id: string; role: string }>(row: T) => ({ ...row, role: effectiveRole(row) });

function searchCondition(searchTerm: string): SQL | undefined {
  if (!searchTerm) return undefined;
  return searchTextContains(user, searchTerm);
}

const EDIT_USERS: Permission = { user: ['create', 'set-role'] };

function duplicateEmail(error: unknown, t: (key: string) => string): never {
  if (uniqueViolation(error) !== null) throw apiError('USER_ALREADY_EXISTS', t('authErrors:USER_ALREADY_EXISTS'), { field: 'email' });
  throw error;
}

type UserListInput = z.output<typeof userListInputSchema>;

const hasAdminRights = () => sql`(${storedRoleIsAdmin} or ${user.id} = any(string_to_array(${env().auth.adminUserIds.join(',')}, ',')))`;

const roleFilter = (role: UserListInput['role']) =>
  role === 'admin' ? hasAdminRights() : role === 'user' ? not(hasAdminRights()) : undefined;
const statusFilter = (status: UserListInput['status']) =>
  status === 'banned' ? eq(user.banned, true) : status === 'active' ? eq(user.banned, false) : undefined;

function listFilter(input: Pick<UserListInput, 'searchTerm' | 'role' | 'status'>): SQL | undefined {
  return and(searchCondition(input.searchTerm), roleFilter(input.role), statusFilter(input.status));
}

type Bulk = 'ban' | 'unban' | 'delete';
type BulkContext = Parameters<typeof actingIn>[0] & { db: Database; t: Translate; user: { id: string } | null };

/**
 * A bulk action on users: the same rules as the single action (Better Auth's admin endpoints and our hooks), row by
 * row in one transaction: never oneself, never the last administrator, each change audited as its single action.
 */
async function bulkUsers(action: Bulk, ids: string[], context: BulkContext): Promise<BulkResult> {
  const { t } = context;
  const done: string[] = [];
  const skipped: BulkResult['skipped'] = [];
  const skip = (id: string, code: string, message: string) => skipped.push({ id, code, message });
  await context.db.transaction(async (tx) => {
    // One admin-changing write at a time, as an update's demotion takes it.
    await tx.execute(sql`select pg_advisory_xact_lock(${LAST_ADMIN_LOCK})`);
    const unique = [...new Set(ids)];
    const rows = await tx
      .select({ id: user.id, email: user.email, banned: user.banned, banReason: user.banReason, banExpires: user.banExpires })
      .from(user)
      .where(inArray(user.id, unique))
      .for('update');
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of unique) {
      const row = byId.get(id);
      if (!row) skip(id, 'NOT_FOUND', t('authErrors:USER_NOT_FOUND'));
      else if (id === context.user!.id && action === 'ban') skip(id, 'YOU_CANNOT_BAN_YOURSELF', t('authErrors:YOU_CANNOT_BAN_YOURSELF'));
      else if (id === context.user!.id && action === 'delete')
        skip(id, 'YOU_CANNOT_REMOVE_YOURSELF', t('authErrors:YOU_CANNOT_REMOVE_YOURSELF'));
      else if (action === 'ban' && row.banned) skip(id, 'ALREADY_BANNED', t('users:bulk.alreadyBanned'));
      else if (action === 'unban' && !row.banned) skip(id, 'NOT_BANNED', t('users:bulk.notBanned'));
      else if (action !== 'unban' && (await isLastAdmin(tx, id))) skip(id, 'LAST_ADMIN', t('authErrors:LAST_ADMIN'));
      else {
        const target = { type: 'user' as const, id, label: row.email };
        if (action === 'delete') {
          // Their sessions, sign-in accounts and memberships go with them (foreign keys), as Better Auth's removal.
          await tx.delete(user).where(eq(user.id, id));
          await recordAuditEvent(tx, { ...actingIn(context), action: 'user.deleted', target });
        } else {
          const [after] = await tx
            .update(user)
            .set({ banned: action === 'ban', banReason: null, banExpires: null, updatedAt: new Date() })
            .where(eq(user.id, id))
            .returning({ banned: user.banned, banReason: user.banReason, banExpires: user.banExpires });
          // A ban ends the user's sessions, as Better Auth's does.
          if (action === 'ban') await tx.delete(session).where(eq(session.userId, id));
          await recordAuditEvent(tx, {
            ...actingIn(context),
            action: action === 'ban' ? 'user.banned' : 'user.unbanned',
            target,
            changes: changedFields(row, after, ['banned', 'banReason', 'banExpires']),
          });
        }
        done.push(id);
      }
    }
  });
  if (action === 'delete') for (const id of done) await deletePicturesOf('users', id);
  return { done, skipped };
}

const bulkRoute = (action: Bulk, summary: string) =>
  base
    .meta({ permission: { user: [action === 'delete' ? 'delete' : 'ban'] } })
    .route({ method: 'POST', path: `/users/bulk/${action}`, summary, tags: ['users'] })
    .input(bulkInputSchema)
    .output(bulkResultSchema)
    .handler(({ input, context }) => bulkUsers(action, input.ids, context));

export const usersRouter = {
  bulkBan: bulkRoute('ban', 'Ban several users (never oneself): each skipped one is named, with why'),
  bulkUnban: bulkRoute('unban', 'Unban several users: each skipped one is named, with why'),
  bulkDelete: bulkRoute('delete', 'Delete several users, permanently (never oneself): each skipped one is named, with why'),

  list: base
    .meta({ permission: { user: ['list'] }, replica: true })
    .route({
      method: 'GET',
      path: '/users',
      summary: 'List users (newest first, or by name or e-mail), filtered by role and status',
      tags: ['users'],
    })
    .input(userListInputSchema)
    .output(userListSchema)
    .handler(async ({ input, context: { db, t } }) => {
      const sort = { createdAt: user.createdAt, name: user.name, email: user.email }[input.sort];
      const order = input.order ?? (input.sort === 'createdAt' ? 'desc' : 'asc');
      const query = db
        .select({ ...columns, key: listKey(sort) })
        .from(user)
        .$dynamic();
      const page = await listPage(db, query, {
        where: listFilter(input),
        sort,
        id: user.id,
        order,
        cursor: input.cursor,
        limit: input.limit,
        t,
      });
      return { ...page, items: page.items.map(({ key: _key, ...row }) => toManagedUser(row)) };
    }),

  /** shadcn/ui's faceted counts, from the server since the list is paged there: one grouped count per facet. */
  facets: base
    .meta({ permission: { user: ['list'] }, replica: true })
    .route({
      method: 'GET',
      path: '/users/facets',
      summary: 'How many users of the list have each role and each status (with the search and the other filter)',
      tags: ['users'],
    })
    .input(userFacetsInputSchema)
    .output(userFacetsSchema)
    .handler(async ({ input, context: { db } }) => {
      const search = searchCondition(input.searchTerm);
      const [roles, statuses] = await Promise.all([
        db
          .select({ admin: sql<boolean>`${hasAdminRights()}`, n: count() })
          .from(user)
          .where(and(search, statusFilter(input.status)))
          .groupBy(sql`1`),
        db
          .select({ banned: user.banned, n: count() })
          .from(user)
          .where(and(search, roleFilter(input.role)))
          .groupBy(user.banned),
      ]);
      const of = <R extends { n: number }>(rows: R[], match: (row: R) => boolean) => rows.find(match)?.n ?? 0;
      return {
        role: { admin: of(roles, (r) => r.admin), user: of(roles, (r) => !r.admin) },
        status: { active: of(statuses, (r) => !r.banned), banned: of(statuses, (r) => r.banned) },
      };
    }),

  get: base
    .meta({ permission: { user: ['list'] } })
    .route({ method: 'GET', path: '/users/{id}', summary: 'Get a user', tags: ['users'] })
    .input(userIdInputSchema)
    .output(userDetailSchema)
    .handler(async ({ input, context }) => {
      const [row] = await context.db
        .select({ ...columns, twoFactorEnabled: user.twoFactorEnabled })
        .from(user)
        .where(eq(user.id, input.id));
      if (!row) throw apiError('NOT_FOUND', context.t('authErrors:USER_NOT_FOUND'));
      return { ...toManagedUser(row), lastAdmin: await isLastAdmin(context.db, row.id) };
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
            .values({ id: crypto.randomUUID(), name: input.name, email: input.email, role: input.role, onboardedAt: new Date() })
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
            .set({ name: values.name, email: values.email, role: values.role, ...(emailChanged ? { emailVerified: false } : {}) })
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

  // A person's sign-ins (addresses, devices) and second factor stay with people: no tool of /api/mcp
  // (docs/decisions/101-the-api-over-mcp.md).
  sessions: base
    .meta({ permission: { session: ['list'] }, agents: false })
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
    .meta({ permission: { session: ['revoke'] }, agents: false })
    .route({ method: 'DELETE', path: '/users/{id}/sessions/{sessionId}', summary: "End one of a user's sessions", tags: ['users'] })
    .input(userSessionInputSchema)
    .output(z.object({ id: z.string() }))
    .handler(async ({ input, context }) => {
      // Sessions live in the database only: the next request with it is signed out.
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
  /**
   * A person who lost every second factor (the app and the recovery codes) signs in with their first factor alone
   * again, and is told by e-mail; never oneself (the account page turns one's own off, after a recent sign-in).
   */
  resetTwoFactor: base
    .meta({ permission: { user: ['reset-two-factor'] }, agents: false })
    .route({
      method: 'POST',
      path: '/users/{id}/two-factor/reset',
      summary: "Turn off a person's second factor, for one who lost it; they are told by e-mail",
      tags: ['users'],
    })
    .input(z.object({ id: clientString().min(1).max(100) }))
    .output(z.object({ id: z.string() }))
    .handler(async ({ input, context }) => {
      if (input.id === context.user!.id) throw apiError('FORBIDDEN', context.t('users:detail.resetTwoFactorSelf'));
      const reset = await context.db.transaction(async (tx) => {
        const [target] = await tx.select({ email: user.email, on: user.twoFactorEnabled }).from(user).where(eq(user.id, input.id));
        if (!target) throw apiError('NOT_FOUND', context.t('authErrors:USER_NOT_FOUND'));
        if (!target.on) throw apiError('CONFLICT', context.t('users:detail.resetTwoFactorOff'));
        await tx.delete(twoFactor).where(eq(twoFactor.userId, input.id));
        await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, input.id));
        await forgetTrustedDevices(tx, input.id);
        await recordAuditEvent(tx, {
          ...actingIn(context),
          action: 'two-factor.reset',
          target: { type: 'user', id: input.id, label: target.email },
        });
        return target;
      });
      await tellTwoFactorReset(reset.email, context.request);
      return { id: input.id };
    }),
};
