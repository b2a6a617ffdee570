// API keys (docs/decisions/073-api-keys.md): one's own from the account page, anyone's from the manager.
// Better Auth's API-key plugin makes the secret and stores its hash; listing and revoking are plain queries.
import { and, eq } from 'drizzle-orm';
import { rolesAllow, type Permission } from '#/lib/permissions';
import { clientString, z } from '#/lib/zod';
import { apiError } from '#/server/api-errors.ts';
import { actingIn, recordAuditEvent } from '#/server/audit/record.ts';
import { getAuth } from '#/server/auth.ts';
import type { Database } from '#/server/db/client.ts';
import { apikey, user } from '#/server/db/schema.ts';
import { base } from '#/server/rpc.ts';
import { apiKeyInputSchema, apiKeySchema, createdApiKeySchema } from './api-keys.schema';
import { keysOf, toApiKey } from '#/server/api-keys.ts';

/** Deletes `keyId` when `userId` owns it, with its audit event; false when there is no such key. */
async function revoke(db: Database, context: Parameters<typeof actingIn>[0], userId: string, keyId: string) {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(apikey)
      .where(and(eq(apikey.id, keyId), eq(apikey.userId, userId)))
      .returning({ id: apikey.id, name: apikey.name });
    if (!gone) return false;
    const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    await recordAuditEvent(tx, {
      ...actingIn(context),
      action: 'api-key.revoked',
      target: { type: 'user', id: userId, label: owner?.email ?? null },
      details: { keyId: gone.id, name: gone.name },
    });
    return true;
  });
}

const keyIdInputSchema = z.strictObject({ id: clientString().min(1).max(100) });
const userKeyInputSchema = z.strictObject({ id: clientString().min(1).max(100), keyId: clientString().min(1).max(100) });

export const apiKeysRouter = {
  mine: base
    .meta({ permission: 'signed-in' })
    .route({ method: 'GET', path: '/account/api-keys', summary: "The caller's API keys, oldest first", tags: ['account'] })
    .input(z.object({}).optional())
    .output(z.array(apiKeySchema))
    .handler(({ context }) => keysOf(context.db, context.user!.id)),

  create: base
    // A change to one's own account: a write that demo mode refuses, and a key cannot make (it holds no `account`).
    // Sensitive: a new credential, so a recent sign-in.
    .meta({ permission: { account: ['update'] }, recentSignIn: true })
    .route({
      method: 'POST',
      path: '/account/api-keys',
      summary: 'Create an API key with some of what the caller may do; its secret is in this answer only',
      tags: ['account'],
    })
    .input(apiKeyInputSchema)
    .output(createdApiKeySchema)
    .handler(async ({ input, context }) => {
      const me = context.user!;
      // It would outlive the impersonation, in the hands of someone who is not its owner.
      if (context.impersonatorId) throw apiError('FORBIDDEN', context.t('account:apiKeys.errors.impersonating'));
      for (const [resource, actions] of Object.entries(input.permissions)) {
        if (actions.length && !rolesAllow(me.role, { [resource]: actions } as Permission)) {
          throw apiError('FORBIDDEN', context.t('authErrors:FORBIDDEN', { resource }), { resource });
        }
      }
      const permissions = Object.fromEntries(Object.entries(input.permissions).filter(([, actions]) => actions.length));
      const auth = await getAuth();
      const created = await auth.api.createApiKey({
        body: {
          userId: me.id,
          name: input.name,
          expiresIn: input.expiresInDays === null ? null : input.expiresInDays * 24 * 3600,
          permissions,
        },
      });
      await recordAuditEvent(context.db, {
        ...actingIn(context),
        action: 'api-key.created',
        target: { type: 'user', id: me.id, label: me.email },
        details: { keyId: created.id, name: input.name, start: created.start, permissions, expiresAt: created.expiresAt ?? null },
      });
      return {
        ...toApiKey({ ...created, lastUsedAt: null, permissions: JSON.stringify(permissions) }),
        secret: created.key,
      };
    }),

  revoke: base
    .meta({ permission: { account: ['update'] } })
    .route({ method: 'DELETE', path: '/account/api-keys/{id}', summary: 'Revoke one of the caller’s API keys', tags: ['account'] })
    .input(keyIdInputSchema)
    .output(z.object({ id: z.string() }))
    .handler(async ({ input, context }) => {
      if (!(await revoke(context.db, context, context.user!.id, input.id))) {
        throw apiError('NOT_FOUND', context.t('account:apiKeys.errors.notFound'));
      }
      return { id: input.id };
    }),

  // How people and programs sign in stays with people: no agent lists or revokes keys (docs/decisions/101-the-api-over-mcp.md).
  ofUser: base
    .meta({ permission: { apiKey: ['list'] }, agents: false })
    .route({ method: 'GET', path: '/users/{id}/api-keys', summary: "A user's API keys, oldest first", tags: ['users'] })
    .input(keyIdInputSchema)
    .output(z.array(apiKeySchema))
    .handler(({ input, context }) => keysOf(context.db, input.id)),

  revokeOfUser: base
    .meta({ permission: { apiKey: ['revoke'] }, agents: false })
    .route({ method: 'DELETE', path: '/users/{id}/api-keys/{keyId}', summary: "Revoke one of a user's API keys", tags: ['users'] })
    .input(userKeyInputSchema)
    .output(z.object({ id: z.string() }))
    .handler(async ({ input, context }) => {
      if (!(await revoke(context.db, context, input.id, input.keyId))) {
        throw apiError('NOT_FOUND', context.t('account:apiKeys.errors.notFound'));
      }
      return { id: input.keyId };
    }),
};
