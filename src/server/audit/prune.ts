// The only delete the audit table allows: the transaction says so first (migration 0007).
import { sql } from 'drizzle-orm';
import { rowsAffected, type Database } from '../db/client.ts';

export async function pruneAuditEvents(db: Database, days: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local springboard.audit_prune = 'on'`);
    return rowsAffected(tx, sql`delete from audit_event where created_at < now() - make_interval(days => ${days})`);
  });
}
