// The app's job queue: pg-boss on the app's own database (the embedded one too), so a job written
// survives a restart or a kill -9 and several instances share it, each job taken by one of them
// (docs/decisions/071-email-queue.md). Its tables live in their own schema, `pgboss`, which it
// creates and migrates itself.
import { PgBoss, type ConstructorOptions, type Job, type JobResult } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import { logger } from '../logger.ts';
import { processWide } from '../process-wide.ts';
import { inSpan } from '../tracing.ts';

/** A queue's name, its settings, and what one job does. Throwing retries it later; a PermanentJobError does not. */
export interface QueueDefinition<T extends object | null> {
  name: string;
  options: NonNullable<Parameters<PgBoss['createQueue']>[1]>;
  work: (data: T) => Promise<void>;
  /** Also run on this schedule (cron, UTC), by one instance, and once when an instance starts (at most once in ten minutes). */
  cron?: string;
  /** Jobs worked at once by each instance, each in its own slot (default 1). */
  concurrency?: number;
  /** At most this many at once, across every instance, of the jobs sent with one `group` (pg-boss's groupConcurrency). */
  perGroup?: number;
  /**
   * More slots, each instance's, that take only jobs sent with at least `minPriority` (pg-boss's minPriority), and
   * with `perGroup`, only from a group with fewer than that many under way (docs/decisions/077-webhook-reserved-slots.md).
   */
  reserved?: Array<{ slots: number; minPriority: number; perGroup?: number }>;
  /** A job sent at this priority that fails is retried at priority 0: it holds a reserved slot once, not on each retry. */
  retriedBelow?: number;
}

/** A failure that trying again cannot mend (a mail server's 5xx refusal): the job fails now, without retries. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

const state = processWide('queue', () => ({ boss: undefined as PgBoss | undefined, failures: new Map<string, number>() }));

/** Failed attempts in this process, by queue (src/server/metrics.ts). */
export const jobFailures = (): ReadonlyMap<string, number> => state.failures;

/** Starts pg-boss on the database and a worker for each queue. */
export async function startQueue(handle: DatabaseHandle, queues: QueueDefinition<never>[]): Promise<PgBoss> {
  const options: ConstructorOptions = {
    ...handle.queueConnection,
    // A job created wakes the workers at once (LISTEN/NOTIFY); polling stays as the backstop.
    useListenNotify: true,
  };
  const boss = new PgBoss(options);
  boss.on('error', (error: unknown) => logger().error({ err: error }, 'job queue error'));
  await boss.start();
  for (const queue of queues) {
    await boss.createQueue(queue.name, { notify: true, ...queue.options });
    await boss.updateQueue(queue.name, { notify: true, ...queue.options });
    const handler = (jobs: Job<never>[]) =>
      Promise.all(
        jobs.map(async (job): Promise<JobResult> => {
          try {
            await inSpan(`queue work ${queue.name}`, { 'messaging.destination.name': queue.name, 'messaging.message.id': job.id }, () =>
              queue.work(job.data),
            );
            return { id: job.id, status: 'completed' };
          } catch (error) {
            state.failures.set(queue.name, (state.failures.get(queue.name) ?? 0) + 1);
            const permanent = error instanceof PermanentJobError;
            logger()[permanent ? 'error' : 'warn'](
              { err: error, queue: queue.name, job: job.id },
              permanent ? 'job failed for good' : 'job failed',
            );
            if (queue.retriedBelow !== undefined && !permanent) await lowerPriority(boss, queue.name, job.id, queue.retriedBelow);
            const output = { message: error instanceof Error ? error.message : String(error) };
            return { id: job.id, status: permanent ? 'deadletter' : 'failed', output };
          }
        }),
      );
    // Each worker takes one job and fetches the next as soon as it is done: a slow job holds its own slot only, where
    // one fetch of five awaited together held the next fetch for the slowest (issue #53, G1 and G6). An idle worker
    // is woken by NOTIFY when a job is created; polling every two seconds is the backstop, and finds a job whose
    // group was at its limit once one of that group's jobs ends. Jobs are fetched highest priority first.
    const slots = { batchSize: 1, perJobResults: true as const, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 };
    await boss.work(
      queue.name,
      { ...slots, localConcurrency: queue.concurrency ?? 1, ...(queue.perGroup && { groupConcurrency: queue.perGroup }) },
      handler,
    );
    for (const reserve of queue.reserved ?? []) {
      await boss.work(
        queue.name,
        {
          ...slots,
          localConcurrency: reserve.slots,
          minPriority: reserve.minPriority,
          ...(reserve.perGroup && { groupConcurrency: reserve.perGroup }),
        },
        handler,
      );
    }
    if (queue.cron) {
      await boss.schedule(queue.name, queue.cron, null, { tz: 'UTC' });
      await boss.send(queue.name, null, { singletonKey: 'on-start', singletonSeconds: 600 });
    }
  }
  state.boss = boss;
  return boss;
}

/** A failed job's retry waits with the others: priority is what a job was sent with, not what it earns by failing. */
async function lowerPriority(boss: PgBoss, name: string, id: string, priority: number) {
  try {
    await boss.getDb().executeSql('update pgboss.job set priority = 0 where name = $1 and id = $2 and priority = $3', [name, id, priority]);
  } catch (error) {
    logger().warn({ err: error, queue: name, job: id }, 'could not lower a failed job’s priority');
  }
}

/** The running queue; undefined before the database is ready or after it closed. */
export function runningQueue(): PgBoss | undefined {
  return state.boss;
}

/** Lets the jobs being worked on finish (up to 5 s), then closes the queue's connections. */
export async function stopQueue(): Promise<void> {
  const boss = state.boss;
  state.boss = undefined;
  await boss?.stop({ graceful: true, timeout: 5_000, close: true });
}
