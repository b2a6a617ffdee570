// Read-only: no procedure changes or removes an event (the table refuses it too).
import { eq } from 'drizzle-orm';
import { apiError } from '#/server/api-errors.ts';
import { keysetPage, readCursor } from '#/server/db/cursor.ts';
import { asSeenByOwner, ownEvents } from '#/server/audit/own-events.ts';
import { auditEvent } from '#/server/db/schema.ts';
import { base } from '#/server/rpc.ts';
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
