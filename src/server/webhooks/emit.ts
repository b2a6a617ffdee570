// An audited action that endpoints subscribe to becomes one delivery per endpoint, written with the action's own
// transaction: its row and its job commit with the change, or not at all (docs/decisions/074-webhooks.md).
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
// Relative: the database scripts (plain Node) load this module too.
import type { AuditAction } from '../../lib/audit-actions.ts';
import { WEBHOOK_SOURCES, WEBHOOK_TEST_EVENT } from '../../lib/webhook-events.ts';
import { queryRows, type Database } from '../db/client.ts';
import { webhookDelivery, webhookEndpoint } from '../db/schema.ts';
import { runningQueue } from '../queue/queue.ts';

/** The queue its jobs go to (src/server/webhooks/deliver.ts works them). */
export const WEBHOOK_QUEUE = 'webhook';

/** What a receiver gets: the event's type, when, and what the audit log says of it. */
export interface WebhookEventData {
  type: string;
  data: Record<string, unknown>;
}

/** pg-boss's adapter runs its statements on the change's transaction (typed for drizzle's own transaction). */
const onHandle = (db: Database) => fromDrizzle(db as unknown as Parameters<typeof fromDrizzle>[0], sql);

/** A new delivery id: `msg_` and 32 hex digits, the same on every attempt. */
const newDeliveryId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** What decides whose slots a delivery takes. */
export type EndpointOwner = Pick<typeof webhookEndpoint.$inferSelect, 'id' | 'organizationId' | 'createdBy'>;

export const endpointOwner = {
  id: webhookEndpoint.id,
  organizationId: webhookEndpoint.organizationId,
  createdBy: webhookEndpoint.createdBy,
};

/**
 * The pg-boss group a delivery is sent in: at most WEBHOOK_WORKERS_PER_OWNER of a group's are under way at once, so
 * one tenant's slow receivers cannot take every worker (docs/decisions/075-webhook-fairness.md). An organisation's
 * endpoint counts for whoever made it, however many organisations they own (the organisation's own, once they are
 * gone); the product's endpoints, the operator's, are one group.
 */
function deliveryGroup(endpoint: EndpointOwner): { id: string } {
  if (!endpoint.organizationId) return { id: 'product' };
  return { id: endpoint.createdBy ? `user:${endpoint.createdBy}` : `organization:${endpoint.organizationId}` };
}

/**
 * The priorities a delivery is sent with (docs/decisions/077-webhook-reserved-slots.md): the product's own take
 * slots no one else may; a group that sent nothing in the last FRESH_AFTER_MINUTES, its first delivery, slots a
 * busy group may not; the rest wait in order. However many accounts keep the shared slots busy, the product's
 * delivery and a quiet tenant's start at once.
 */
export const DELIVERY_PRIORITY = { product: 2, fresh: 1, busy: 0 } as const;
const FRESH_AFTER_MINUTES = 10;

/** Reads pg-boss's own job table: a group's jobs outlive its endpoints (deleted with their deliveries). */
async function priorityOf(db: Database, group: { id: string }): Promise<number> {
  if (group.id === 'product') return DELIVERY_PRIORITY.product;
  const recent = await queryRows(
    db,
    sql`select 1 from pgboss.job where name = ${WEBHOOK_QUEUE} and group_id = ${group.id}
        and created_on > now() - make_interval(mins => ${FRESH_AFTER_MINUTES}) limit 1`,
  );
  return recent.length ? DELIVERY_PRIORITY.busy : DELIVERY_PRIORITY.fresh;
}

/** pg-boss's send options for one endpoint's delivery: its group, and its priority. */
async function sendOptions(db: Database, endpoint: EndpointOwner) {
  const group = deliveryGroup(endpoint);
  return { db: onHandle(db), group, priority: await priorityOf(db, group) };
}

/**
 * An owner's manual sends (test events and resends, `manual` in the job's data) in the last hour, and when the
 * oldest was: read from pg-boss's jobs, which outlive the endpoint, so deleting and adding one again does not
 * refill the budget (issue #53 round 3, N2).
 */
export async function manualSendsInTheLastHour(db: Database, endpoint: EndpointOwner): Promise<{ n: number; oldest: Date | null }> {
  const [row] = await queryRows<{ n: number; oldest: Date | string | null }>(
    db,
    sql`select count(*)::int as n, min(created_on) as oldest from pgboss.job where name = ${WEBHOOK_QUEUE}
        and group_id = ${deliveryGroup(endpoint).id} and data->>'manual' = 'true' and created_on > now() - interval '1 hour'`,
  );
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Writes the deliveries and their jobs through `db` (the change's transaction, when there is one). */
export async function queueDeliveries(
  db: Database,
  endpoints: EndpointOwner[],
  event: WebhookEventData,
  manual = false,
): Promise<string[]> {
  if (!endpoints.length) return [];
  const boss = runningQueue();
  if (!boss) throw new Error('the job queue is not running');
  const body = JSON.stringify({ type: event.type, timestamp: new Date().toISOString(), data: event.data });
  const rows = endpoints.map((endpoint) => ({ id: newDeliveryId(), endpointId: endpoint.id, event: event.type, body, endpoint }));
  await db.insert(webhookDelivery).values(rows.map(({ endpoint: _endpoint, ...row }) => row));
  // One after the other: a group's second delivery of this event sees its first, and is not fresh.
  for (const row of rows) {
    await boss.send(WEBHOOK_QUEUE, { deliveryId: row.id, ...(manual && { manual }) }, await sendOptions(db, row.endpoint));
  }
  return rows.map((row) => row.id);
}

/** Sends it again, same id and body, from a first attempt. */
export async function requeueDelivery(db: Database, endpoint: EndpointOwner, deliveryId: string): Promise<void> {
  const boss = runningQueue();
  if (!boss) throw new Error('the job queue is not running');
  await db.update(webhookDelivery).set({ status: 'pending', attempts: 0 }).where(eq(webhookDelivery.id, deliveryId));
  await boss.send(WEBHOOK_QUEUE, { deliveryId, manual: true }, await sendOptions(db, endpoint));
}

export const testEvent = (endpointId: string): WebhookEventData => ({ type: WEBHOOK_TEST_EVENT, data: { endpointId } });

/**
 * Called by recordAuditEvent (src/server/audit/record.ts) for every event: the product's endpoints that want
 * it and, for an organisation's event, that organisation's.
 */
export async function emitWebhooks(
  db: Database,
  event: {
    action: AuditAction;
    actor: { id: string; name?: string | null } | null;
    target: { type: string; id: string | null; label?: string | null } | null;
    changes: Record<string, unknown> | null;
    details: Record<string, unknown> | null;
  },
): Promise<void> {
  const type = WEBHOOK_SOURCES[event.action];
  if (!type) return;
  const organizationId = typeof event.details?.organizationId === 'string' ? event.details.organizationId : null;
  const endpoints = await db
    .select(endpointOwner)
    .from(webhookEndpoint)
    .where(
      and(
        eq(webhookEndpoint.enabled, true),
        sql`${type} = any(${webhookEndpoint.events})`,
        organizationId
          ? or(isNull(webhookEndpoint.organizationId), eq(webhookEndpoint.organizationId, organizationId))
          : isNull(webhookEndpoint.organizationId),
      ),
    );
  if (!endpoints.length) return;
  const actor = event.actor ? { id: event.actor.id } : null;
  const target = event.target ?? { type: 'unknown', id: null, label: null };
  const data = type.startsWith('member.')
    ? // Added or removed, by invitation or leaving: always the member's address and role, and how (`via`).
      {
        organizationId,
        member: { id: target.type === 'member' ? target.id : null, email: target.label ?? null, role: event.details?.role ?? null },
        via: event.action,
        actor,
      }
    : { [target.type]: { id: target.id, label: target.label ?? null }, actor, changes: event.changes };
  await queueDeliveries(db, endpoints, { type, data });
}
