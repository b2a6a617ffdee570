/**
 * Retention (decision 036): events older than AUDIT_RETENTION_DAYS are deleted, once at start-up
 * and then daily (src/server/db/housekeeping.ts). The only delete the table allows: the
 * transaction says so first (migration 0007).
 */
import { sql } from 'drizzle-orm';
import { rowsAffected, type Database } from '../db/client.ts';

/** Deletes the events older than `days` days; returns how many. */
export async function pruneAuditEvents(db: Database, days: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local springboard.audit_prune = 'on'`);
    return rowsAffected(tx, sql`delete from audit_event where created_at < now() - make_interval(days => ${days})`);
  });
}
