// Read-only: no procedure changes or removes an event (the table refuses it too).
import { and, eq, sql } from 'drizzle-orm';
import { listInputSchema } from '#/lib/list';
import { clientString, z } from '#/lib/zod';
import { apiError } from '#/server/api-errors.ts';
import { keysetPage, readCursor } from '#/server/db/cursor.ts';
import { asSeenByOwner, ownEvents } from '#/server/audit/own-events.ts';
import { apikey, auditEvent } from '#/server/db/schema.ts';
import { base, inOrganization } from '#/server/rpc.ts';
import { auditConditions, auditKey, countAuditEvents, readAuditEvents, withoutKey } from './audit-query.server';
import { auditEventIdSchema, auditEventSchema, auditListInputSchema, auditListSchema, ownAuditInputSchema } from './audit.schema';

const CURSOR = ['timestamp', 'text'] as const;

export const auditRouter = {
  list: base
    .meta({ permission: { audit: ['read'] }, replica: true })
    .route({ method: 'GET', path: '/audit', summary: 'List audit events, newest first', tags: ['audit'] })
    .input(auditListInputSchema)
    .output(auditListSchema)
    .handler(async ({ input, context }) => {
      const after = readCursor(input.cursor, CURSOR, context.t);
      const where = auditConditions(input);
      // The first page is counted, up to the cap, as every list is: 'Showing 50 of 1,000+'.
      const [rows, counted] = await Promise.all([
        readAuditEvents(context.db, where, after, input.limit + 1),
        after ? { total: null, totalCapped: false } : countAuditEvents(context.db, where),
      ]);
      return { ...keysetPage(rows, input.limit, auditKey, withoutKey), ...counted };
    }),

  get: base
    .meta({ permission: { audit: ['read'] } })
    .route({ method: 'GET', path: '/audit/{id}', summary: 'Get an audit event', tags: ['audit'] })
    .input(auditEventIdSchema)
    .output(auditEventSchema)
    .handler(async ({ input, context }) => {
      const [row] = await readAuditEvents(context.db, eq(auditEvent.id, Number(input.id)), null, 1);
      if (!row) throw apiError('NOT_FOUND', context.t('audit:notFound'));
      return withoutKey(row);
    }),

  // What one of an organisation's API keys did, for its owners and admins, as they manage its keys
  // (src/features/api-keys/organization-api-keys.router.ts); no key reads it, and no agent.
  organizationKey: inOrganization({ from: 'slug', may: { right: 'manageApiKeys', refused: 'account:apiKeys.errors.organizationOnly' } })
    .meta({ agents: false })
    .route({
      method: 'GET',
      path: '/organizations/{slug}/api-keys/{id}/activity',
      summary: "What one of an organisation's API keys did, newest first (revoked ones too)",
      tags: ['organizations'],
    })
    .input(
      z.strictObject({
        slug: clientString().min(1).max(100),
        id: clientString().min(1).max(100),
        cursor: listInputSchema.shape.cursor,
        limit: listInputSchema.shape.limit,
      }),
    )
    .output(auditListSchema)
    .handler(async ({ input, context }) => {
      const [key] = await context.db
        .select({ id: apikey.id })
        .from(apikey)
        .where(and(eq(apikey.id, input.id), eq(apikey.organizationId, context.organization.id)));
      if (!key) throw apiError('NOT_FOUND', context.t('account:apiKeys.errors.notFound'));
      const after = readCursor(input.cursor, CURSOR, context.t);
      // The key each event was done through (src/server/audit/record.ts), by the index `audit_event_api_key`.
      const byKey = sql`${auditEvent.details} ? 'apiKey' and ${auditEvent.details}->'apiKey'->>'id' = ${key.id}`;
      const rows = await readAuditEvents(context.db, byKey, after, input.limit + 1);
      return { ...keysetPage(rows, input.limit, auditKey, withoutKey), total: null, totalCapped: false };
    }),

  mine: base
    .meta({ permission: 'signed-in' })
    .route({
      method: 'GET',
      path: '/account/activity',
      summary: "The caller's security activity: what they did and what was done to their account",
      tags: ['account'],
    })
    .input(ownAuditInputSchema)
    .output(auditListSchema)
    .handler(async ({ input, context }) => {
      const after = readCursor(input.cursor, CURSOR, context.t);
      const me = context.user!.id;
      const rows = await readAuditEvents(context.db, ownEvents(me), after, input.limit + 1);
      return { ...keysetPage(rows, input.limit, auditKey, (row) => asSeenByOwner(withoutKey(row), me)), total: null, totalCapped: false };
    }),
};
