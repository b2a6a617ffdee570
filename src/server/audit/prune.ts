/**
 * Retention (decision 036): events older than AUDIT_RETENTION_DAYS are deleted, once at start-up
 * and then daily. The only delete the table allows: the transaction says so first (migration 0007).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { logger } from '../logger.ts';

const DAY_MS = 86_400_000;

/** Deletes the events older than `days` days; returns how many. */
export async function pruneAuditEvents(db: Database, days: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local springboard.audit_prune = 'on'`);
    const result = (await tx.execute(
      sql`delete from audit_event where created_at < now() - make_interval(days => ${days})`,
    )) as unknown as { rowCount?: number; affectedRows?: number };
    return result.rowCount ?? result.affectedRows ?? 0;
  });
}

/** Prunes now and every day after, without keeping the process alive. */
export function schedulePrune(db: () => Promise<Database>, days: number) {
  const run = () =>
    db()
      .then((d) => pruneAuditEvents(d, days))
      .then((n) => n && logger().info({ pruned: n, days }, 'audit events pruned'))
      .catch((error: unknown) => logger().error({ err: error }, 'audit prune failed'));
  void run();
  setInterval(run, DAY_MS).unref();
}
