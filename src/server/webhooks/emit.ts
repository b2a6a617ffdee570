// An audited action that endpoints subscribe to becomes one delivery per endpoint, written with the action's own
// transaction: its row and its job commit with the change, or not at all (docs/decisions/074-webhooks.md).
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
// Relative: the database scripts (plain Node) load this module too.
import type { AuditAction } from '../../lib/audit-actions.ts';
import { WEBHOOK_SOURCES, WEBHOOK_TEST_EVENT } from '../../lib/webhook-events.ts';
import type { Database } from '../db/client.ts';
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

/** Writes the deliveries and their jobs through `db` (the change's transaction, when there is one). */
export async function queueDeliveries(db: Database, endpointIds: string[], event: WebhookEventData): Promise<string[]> {
  if (!endpointIds.length) return [];
  const boss = runningQueue();
  if (!boss) throw new Error('the job queue is not running');
  const body = JSON.stringify({ type: event.type, timestamp: new Date().toISOString(), data: event.data });
  const rows = endpointIds.map((endpointId) => ({ id: newDeliveryId(), endpointId, event: event.type, body }));
  await db.insert(webhookDelivery).values(rows);
  for (const row of rows) await boss.send(WEBHOOK_QUEUE, { deliveryId: row.id }, { db: onHandle(db) });
  return rows.map((row) => row.id);
}

/** Sends it again, same id and body, from a first attempt. */
export async function requeueDelivery(db: Database, deliveryId: string): Promise<void> {
  const boss = runningQueue();
  if (!boss) throw new Error('the job queue is not running');
  await db.update(webhookDelivery).set({ status: 'pending', attempts: 0 }).where(eq(webhookDelivery.id, deliveryId));
  await boss.send(WEBHOOK_QUEUE, { deliveryId }, { db: onHandle(db) });
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
    .select({ id: webhookEndpoint.id })
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
  await queueDeliveries(
    db,
    endpoints.map((e) => e.id),
    { type, data },
  );
}
