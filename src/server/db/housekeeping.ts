// Better Auth deletes an expired session or code only when it reads it; rows nobody reads again
// would stay forever. Expired invitations stay: they still answer with their own message.
import { sql } from 'drizzle-orm';
import { pruneAuditEvents } from '../audit/prune.ts';
import { logger } from '../logger.ts';
import type { QueueDefinition } from '../queue/queue.ts';
import { sweepPictures } from '../storage/pictures.ts';
import { rowsAffected, type Database } from './client.ts';

export async function pruneExpiredRows(db: Database): Promise<{ sessions: number; verifications: number }> {
  const sessions = await rowsAffected(db, sql`delete from session where expires_at < now()`);
  const verifications = await rowsAffected(db, sql`delete from verification where expires_at < now()`);
  return { sessions, verifications };
}

/** Daily, on the job queue: one instance runs it. Each task on its own, so one failing does not stop the others. */
export function housekeepingQueue(db: () => Promise<Database>, auditRetentionDays: number): QueueDefinition<null> {
  const tasks: Array<[string, (d: Database) => Promise<{ pruned: number } & Record<string, number>>]> = [
    ['audit events pruned', async (d) => ({ pruned: await pruneAuditEvents(d, auditRetentionDays), days: auditRetentionDays })],
    ['expired sessions and codes pruned', async (d) => pruneExpiredRows(d).then((n) => ({ pruned: n.sessions + n.verifications, ...n }))],
    ['orphaned picture files pruned', async (d) => ({ pruned: await sweepPictures(d) })],
  ];
  return {
    name: 'housekeeping',
    cron: '17 3 * * *',
    // Not retried: tomorrow's run does the same work.
    options: { retryLimit: 0, expireInSeconds: 3_600 },
    async work() {
      const d = await db();
      const results = await Promise.allSettled(
        tasks.map(async ([done, task]) => {
          const result = await task(d).catch((error: unknown) => {
            logger().error({ err: error }, `housekeeping: ${done.replace('pruned', 'not pruned')}`);
            throw error;
          });
          if (result.pruned) logger().info(result, done);
        }),
      );
      if (results.some((r) => r.status === 'rejected')) throw new Error('housekeeping: a task failed');
    },
  };
}
