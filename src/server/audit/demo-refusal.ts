// At most 100 recorded refusals per visitor an hour: past that the write is refused unrecorded,
// so a script looping over a write cannot fill the log.
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
