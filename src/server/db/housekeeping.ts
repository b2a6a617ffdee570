// Better Auth deletes an expired session or code only when it reads it; rows nobody reads again
// would stay forever. Expired invitations stay: they still answer with their own message.
import { sql } from 'drizzle-orm';
import { pruneAuditEvents } from '../audit/prune.ts';
import { logger } from '../logger.ts';
import { sweepPictures } from '../storage/pictures.ts';
import { rowsAffected, type Database } from './client.ts';

const DAY_MS = 86_400_000;

export async function pruneExpiredRows(db: Database): Promise<{ sessions: number; verifications: number }> {
  const sessions = await rowsAffected(db, sql`delete from session where expires_at < now()`);
  const verifications = await rowsAffected(db, sql`delete from verification where expires_at < now()`);
  return { sessions, verifications };
}

/** Each task on its own, so one failing does not stop the other. */
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
