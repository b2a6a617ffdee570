import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '#/lib/audit-actions';
import { listInputSchema, listPageSchema } from '#/lib/list';
import { clientString, z } from '#/lib/zod';
import { rangeInOrder, withinDatabaseYears } from './audit-range';

const change = z.object({ before: z.unknown(), after: z.unknown() });

export const auditEventSchema = z.object({
  /** A decimal string: the database's 64-bit sequence. */
  id: z.string(),
  createdAt: z.date(),
  action: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorImage: z.string().nullable(),
  impersonatorId: z.string().nullable(),
  impersonatorName: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  changes: z.record(z.string(), change).nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** The API key the actor acted through, when they did (src/server/audit/record.ts keeps it in `details.apiKey`). */
export function apiKeyOf(event: AuditEvent): { id: string; name: string } | null {
  const key = event.details?.apiKey as { id?: unknown; name?: unknown } | undefined;
  return key && typeof key.name === 'string' ? { id: String(key.id), name: key.name } : null;
}

const id = clientString().trim().max(100);

/** `2025-01-31` or `2025-01-31T08:00`. */
const dateParam = clientString()
  .trim()
  .max(40)
  .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)) && withinDatabaseYears(v)), {
    error: 'audit:filters.invalidDate',
  });

const backwards = { path: ['to'], error: 'audit:filters.toBeforeFrom' };

const filterShape = z.object({
  searchTerm: listInputSchema.shape.searchTerm,
  actorId: id.optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'audit:filters.invalidAction' }).optional(),
  targetType: z.enum(AUDIT_TARGET_TYPES, { error: 'audit:filters.invalidTargetType' }).optional(),
  targetId: id.optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
});
/** Also the CSV export's query. */
export const auditFilterSchema = filterShape.refine(rangeInOrder, backwards);
export type AuditFilter = z.output<typeof auditFilterSchema>;

export const auditListInputSchema = filterShape
  .extend({ cursor: listInputSchema.shape.cursor, limit: listInputSchema.shape.limit })
  .refine(rangeInOrder, backwards);

export const auditListSchema = listPageSchema(auditEventSchema);
export type AuditList = z.output<typeof auditListSchema>;

export const ownAuditInputSchema = z.object({ cursor: listInputSchema.shape.cursor, limit: listInputSchema.shape.limit });

export const auditEventIdSchema = z.object({ id: clientString().regex(/^\d{1,18}$/, { error: 'audit:notFound' }) });
