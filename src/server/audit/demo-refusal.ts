/**
 * A read-only demo's refusal of a write, in the audit log with who tried what: at most 100 per
 * visitor (client address, else account) an hour, counted in the database (`email_quota`, with the
 * other quotas). Past that the write is refused all the same, unrecorded, so a script looping over
 * a write cannot fill the log.
 */
import type { Database } from '../db/client.ts';
import { countInWindow } from '../email-quota.ts';
import { clientAddressOf, recordAuditEvent, type AuditEventInput } from './record.ts';

const DEMO_REFUSALS_RECORDED = { max: 100, windowSeconds: 3600 } as const;

export async function recordDemoRefusal(db: Database, event: Omit<AuditEventInput, 'action'>): Promise<void> {
  const visitor = clientAddressOf(event.request) ?? event.actor?.id ?? 'unknown';
  if (await countInWindow(db, `demo-refused:${visitor}`, DEMO_REFUSALS_RECORDED)) {
    await recordAuditEvent(db, { ...event, action: 'demo.refused' });
  }
}
