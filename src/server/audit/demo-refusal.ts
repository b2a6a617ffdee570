// At most 100 recorded refusals per visitor an hour (an IPv4 address, an IPv6 /64, as the code
// quotas and Better Auth's rate limits count a client) and 1 000 for everyone together: past either,
// the write is refused unrecorded, so neither a script looping over a write nor one spread over many
// addresses can fill the log.
import type { Database } from '../db/client.ts';
import { countInWindow } from '../email-quota.ts';
import { addressNetwork, ONE_CLIENT } from '../http/address-network.ts';
import { clientAddressOf, recordAuditEvent, type AuditEventInput } from './record.ts';

const DEMO_REFUSALS_RECORDED = { perVisitor: 100, everyone: 1000, windowSeconds: 3600 } as const;

export async function recordDemoRefusal(db: Database, event: Omit<AuditEventInput, 'action'>): Promise<void> {
  const address = clientAddressOf(event.request);
  const visitor = address ? addressNetwork(address, ONE_CLIENT) : (event.actor?.id ?? 'unknown');
  const { perVisitor, everyone, windowSeconds } = DEMO_REFUSALS_RECORDED;
  if (!(await countInWindow(db, `demo-refused:${visitor}`, { max: perVisitor, windowSeconds }))) return;
  if (!(await countInWindow(db, 'demo-refused-all:', { max: everyone, windowSeconds }))) return;
  await recordAuditEvent(db, { ...event, action: 'demo.refused' });
}
