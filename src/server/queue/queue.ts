// The app's job queue: pg-boss on the app's own database (the embedded one too), so a job written
// survives a restart or a kill -9 and several instances share it, each job taken by one of them
// (docs/decisions/071-email-queue.md). Its tables live in their own schema, `pgboss`, which it
// creates and migrates itself.
import { PgBoss, type ConstructorOptions, type Job, type JobResult } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import { logger } from '../logger.ts';
import { processWide } from '../process-wide.ts';
import { inSpan } from '../tracing.ts';

/** A queue's name, its settings, and what one job does. Throwing retries it later. */
export interface QueueDefinition<T extends object | null> {
  name: string;
  options: NonNullable<Parameters<PgBoss['createQueue']>[1]>;
  work: (data: T) => Promise<void>;
  /** Also run on this schedule (cron, UTC), by one instance, and once when an instance starts (at most once in ten minutes). */
  cron?: string;
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
    // One worker fetching up to five jobs, worked at once (one slow SMTP exchange must not hold up
    // the codes behind it) and settled each on its own. A job created while it is busy is found by
    // the next fetch, two seconds later at most; NOTIFY wakes it when idle.
    await boss.work(
      queue.name,
      { batchSize: 5, perJobResults: true, burstWhenBatchFull: true, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 },
      (jobs: Job<never>[]) =>
        Promise.all(
          jobs.map(async (job): Promise<JobResult> => {
            try {
              await inSpan(`queue work ${queue.name}`, { 'messaging.destination.name': queue.name, 'messaging.message.id': job.id }, () =>
                queue.work(job.data),
              );
              return { id: job.id, status: 'completed' };
            } catch (error) {
              state.failures.set(queue.name, (state.failures.get(queue.name) ?? 0) + 1);
              logger().warn({ err: error, queue: queue.name, job: job.id }, 'job failed');
              return { id: job.id, status: 'failed', output: { message: error instanceof Error ? error.message : String(error) } };
            }
          }),
        ),
    );
    if (queue.cron) {
      await boss.schedule(queue.name, queue.cron, null, { tz: 'UTC' });
      await boss.send(queue.name, null, { singletonKey: 'on-start', singletonSeconds: 600 });
    }
  }
  state.boss = boss;
  return boss;
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
