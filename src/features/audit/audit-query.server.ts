// Each filter has an index that starts with it and ends with (created_at, id): a first page is a short walk whatever the log's size.
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { auditEvent, searchable, user } from '../../server/db/schema.ts';
import { COUNT_CAP } from '../../server/db/list.ts';
import { containsPattern } from '../../server/db/search.ts';
import type { AuditEvent, AuditFilter } from './audit.schema';
import { rangeEnd } from './audit-range';

/** `to` is inclusive: a date alone means that whole day (UTC). */
export function auditConditions(filter: Partial<AuditFilter>): SQL | undefined {
  const term = filter.searchTerm?.trim();
  const to = filter.to ? rangeEnd(filter.to) : undefined;
  return and(
    filter.actorId ? eq(auditEvent.actorId, filter.actorId) : undefined,
    filter.action ? eq(auditEvent.action, filter.action) : undefined,
    filter.targetType ? eq(auditEvent.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(auditEvent.targetId, filter.targetId) : undefined,
    filter.from ? gte(auditEvent.createdAt, new Date(Date.parse(filter.from))) : undefined,
    to ? lt(auditEvent.createdAt, to) : undefined,
    term
      ? sql`${searchable(sql`coalesce(${auditEvent.actorName}, '') || ' ' || coalesce(${auditEvent.targetLabel}, '')`)} like f_unaccent(lower(${containsPattern(term)}))`
      : undefined,
  );
}

const columns = {
  id: sql<string>`${auditEvent.id}::text`,
  createdAt: auditEvent.createdAt,
  action: auditEvent.action,
  actorId: auditEvent.actorId,
  actorName: auditEvent.actorName,
  /** Not stored in the event: the actor's picture now. */
  actorImage: user.image,
  impersonatorId: auditEvent.impersonatorId,
  impersonatorName: auditEvent.impersonatorName,
  targetType: auditEvent.targetType,
  targetId: auditEvent.targetId,
  targetLabel: auditEvent.targetLabel,
  ipAddress: auditEvent.ipAddress,
  userAgent: auditEvent.userAgent,
  changes: auditEvent.changes,
  details: auditEvent.details,
};

export type AuditRow = AuditEvent & { key: string };

export function readAuditEvents(db: Database, where: SQL | undefined, after: string[] | null, limit: number): Promise<AuditRow[]> {
  return db
    .select({ ...columns, key: sql<string>`${auditEvent.createdAt}::text` })
    .from(auditEvent)
    .leftJoin(user, eq(user.id, auditEvent.actorId))
    .where(
      and(where, after ? sql`(${auditEvent.createdAt}, ${auditEvent.id}) < (${after[0]}::timestamptz, ${after[1]}::bigint)` : undefined),
    )
    .orderBy(desc(auditEvent.createdAt), desc(auditEvent.id))
    .limit(limit) as Promise<AuditRow[]>;
}

/**
 * The events a filter matches, counted up to one past the lists' cap (then '1,000+'): at most that
 * many index entries are read, whatever the log's size.
 */
export async function countAuditEvents(db: Database, where: SQL | undefined): Promise<{ total: number; totalCapped: boolean }> {
  const matches = db
    .select({ one: sql`1` })
    .from(auditEvent)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  const n = row?.n ?? 0;
  return { total: Math.min(n, COUNT_CAP), totalCapped: n > COUNT_CAP };
}

export const auditKey = (row: AuditRow) => [row.key, row.id];

export const withoutKey = ({ key: _key, ...event }: AuditRow): AuditEvent => event;
