// An organisation's API keys (docs/decisions/103-organisation-api-keys.md): made by its owners and admins on its
// settings, acting as the organisation — not as their maker — on its own rows and on what a member reads. Better
// Auth's API-key plugin makes the secret (its `organization` configuration, src/server/auth.ts); revoking disables
// the row and keeps it, so the audit trail still names the key.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { organizationGrantNeeds, organizationRights } from '#/lib/permissions';
import { clientString, z } from '#/lib/zod';
import { apiError } from '#/server/api-errors.ts';
import { listedKeyColumns, toApiKey } from '#/server/api-keys.ts';
import { actingIn, recordAuditEvent } from '#/server/audit/record.ts';
import { getAuth } from '#/server/auth.ts';
import type { Database } from '#/server/db/client.ts';
import { apikey, user } from '#/server/db/schema.ts';
import { inOrganization } from '#/server/rpc.ts';
import { createdOrganizationApiKeySchema, organizationApiKeyInputSchema, organizationApiKeySchema } from './api-keys.schema';

const slug = { slug: clientString().min(1).max(100) };
const tags = ['organizations'];

// Its owners and admins, as the organisation plugin's roles say; how programs sign in stays with people: no key
// makes, lists or revokes keys, and no agent sees these tools (decision 101).
const managers = inOrganization({ from: 'slug', may: { right: 'manageApiKeys', refused: 'account:apiKeys.errors.organizationOnly' } });

const maker = alias(user, 'maker');
const revoker = alias(user, 'revoker');

const listed = {
  ...listedKeyColumns,
  revokedAt: apikey.revokedAt,
  makerId: maker.id,
  makerName: maker.name,
  revokerId: revoker.id,
  revokerName: revoker.name,
};

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

/** An organisation's keys, revoked ones too, oldest first. */
async function keysOfOrganization(db: Database, organizationId: string) {
  const rows = await db
    .select(listed)
    .from(apikey)
    .leftJoin(maker, eq(maker.id, apikey.createdBy))
    .leftJoin(revoker, eq(revoker.id, apikey.revokedBy))
    .where(eq(apikey.organizationId, organizationId))
    .orderBy(asc(apikey.createdAt), asc(apikey.id));
  return rows.map((row) => ({
    ...toApiKey(row),
    createdBy: person(row.makerId, row.makerName),
    revokedAt: row.revokedAt,
    revokedBy: person(row.revokerId, row.revokerName),
  }));
}

export const organizationApiKeysRouter = {
  list: managers
    .meta({ agents: false })
    .route({ method: 'GET', path: '/organizations/{slug}/api-keys', summary: "An organisation's API keys, revoked ones too", tags })
    .input(z.strictObject(slug))
    .output(z.array(organizationApiKeySchema))
    .handler(({ context }) => keysOfOrganization(context.db, context.organization.id)),

  create: managers
    // A new credential: a recent sign-in, as for one's own keys.
    .meta({ agents: false, recentSignIn: true })
    .route({
      method: 'POST',
      path: '/organizations/{slug}/api-keys',
      summary: 'Create an API key that acts as the organisation; its secret is in this answer only',
      tags,
    })
    .input(organizationApiKeyInputSchema.extend(slug))
    .output(createdOrganizationApiKeySchema)
    .handler(async ({ input: { slug: _slug, ...input }, context }) => {
      const me = context.user!;
      if (context.impersonatorId) throw apiError('FORBIDDEN', context.t('account:apiKeys.errors.impersonating'));
      // Only what the maker may do there today: removing from the shelf, managing its webhooks.
      const rights = organizationRights(context.membership?.role);
      for (const [resource, actions] of Object.entries(input.permissions)) {
        for (const action of actions) {
          const needs = organizationGrantNeeds(resource, action);
          if (needs && !rights[needs]) throw apiError('FORBIDDEN', context.t('authErrors:FORBIDDEN', { resource }), { resource });
        }
      }
      const permissions = Object.fromEntries(Object.entries(input.permissions).filter(([, actions]) => actions.length));
      const auth = await getAuth();
      const created = await auth.api.createApiKey({
        body: {
          configId: 'organization',
          organizationId: context.organization.id,
          userId: me.id,
          name: input.name,
          expiresIn: input.expiresInDays === null ? null : input.expiresInDays * 24 * 3600,
          permissions,
        },
      });
      await context.db.transaction(async (tx) => {
        await tx.update(apikey).set({ createdBy: me.id }).where(eq(apikey.id, created.id));
        await recordAuditEvent(tx, {
          ...actingIn(context),
          action: 'api-key.created',
          target: { type: 'organization', id: context.organization.id, label: context.organization.name },
          details: { keyId: created.id, name: input.name, start: created.start, permissions, expiresAt: created.expiresAt ?? null },
        });
      });
      return {
        ...toApiKey({ ...created, lastUsedAt: null, permissions: JSON.stringify(permissions) }),
        createdBy: { id: me.id, name: me.name },
        revokedAt: null,
        revokedBy: null,
        secret: created.key,
      };
    }),

  revoke: managers
    .meta({ agents: false })
    .route({ method: 'DELETE', path: '/organizations/{slug}/api-keys/{id}', summary: "Revoke one of an organisation's API keys", tags })
    .input(z.strictObject({ ...slug, id: clientString().min(1).max(100) }))
    .output(z.object({ id: z.string() }))
    .handler(async ({ input, context }) => {
      const me = context.user!;
      const done = await context.db.transaction(async (tx) => {
        // Disabled, not deleted: the row keeps its name, its maker and its last use for the audit trail.
        const [revoked] = await tx
          .update(apikey)
          .set({ enabled: false, revokedAt: sql`now()`, revokedBy: me.id })
          .where(and(eq(apikey.id, input.id), eq(apikey.organizationId, context.organization.id), isNull(apikey.revokedAt)))
          .returning({ id: apikey.id, name: apikey.name });
        if (!revoked) return false;
        await recordAuditEvent(tx, {
          ...actingIn(context),
          action: 'api-key.revoked',
          target: { type: 'organization', id: context.organization.id, label: context.organization.name },
          details: { keyId: revoked.id, name: revoked.name },
        });
        return true;
      });
      if (!done) throw apiError('NOT_FOUND', context.t('account:apiKeys.errors.notFound'));
      return { id: input.id };
    }),
};
