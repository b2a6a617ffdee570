/**
 * What the database keeps no longer than it must, pruned once at start-up and then daily (a timer
 * that does not keep the process alive): audit events past their retention (decision 036,
 * src/server/audit/prune.ts), and sessions and one-time codes whose expiry has passed. Better Auth
 * refuses an expired session or code when it reads one and deletes that one; the rows nobody reads
 * again (a browser never back, a code never entered) stayed. Invitations stay: an expired one
 * still answers with its own message. And the uploaded files nothing refers to any more
 * (src/server/storage/pictures.ts).
 */
import { sql } from 'drizzle-orm';
import { pruneAuditEvents } from '../audit/prune.ts';
import { logger } from '../logger.ts';
import { sweepPictures } from '../storage/pictures.ts';
import { rowsAffected, type Database } from './client.ts';

const DAY_MS = 86_400_000;

/** Deletes the sessions and verification rows (login codes) that have expired; returns how many. */
export async function pruneExpiredRows(db: Database): Promise<{ sessions: number; verifications: number }> {
  const sessions = await rowsAffected(db, sql`delete from session where expires_at < now()`);
  const verifications = await rowsAffected(db, sql`delete from verification where expires_at < now()`);
  return { sessions, verifications };
}

/** Prunes now and every day after; each task on its own, so one failing does not stop the other. */
export function scheduleHousekeeping(db: () => Promise<Database>, auditRetentionDays: number) {
  const tasks: Array<[string, (d: Database) => Promise<{ pruned: number } & Record<string, number>>]> = [
    ['audit events pruned', async (d) => ({ pruned: await pruneAuditEvents(d, auditRetentionDays), days: auditRetentionDays })],
    ['expired sessions and codes pruned', async (d) => pruneExpiredRows(d).then((n) => ({ pruned: n.sessions + n.verifications, ...n }))],
    ['orphaned picture files pruned', async (d) => ({ pruned: await sweepPictures(d) })],
  ];
  const run = () => {
    for (const [done, task] of tasks)
      void db()
        .then(task)
        .then((result) => result.pruned && logger().info(result, done))
        .catch((error: unknown) => logger().error({ err: error }, `housekeeping: ${done.replace('pruned', 'not pruned')}`));
  };
  run();
  setInterval(run, DAY_MS).unref();
}
