/**
 * A transaction that code below a library call takes part in without being handed it. Better
 * Auth's endpoints write through its Drizzle adapter, which holds the database it was created
 * with; that database is `ambient(db)`: inside `inAmbientTransaction` every query it makes (and
 * every query of our hooks, which use the same object) runs in the one transaction, so an audit
 * event and the change it records commit or roll back together (decision 036).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SQL } from 'drizzle-orm';
import { logger } from '../logger.ts';
import type { Database } from './client.ts';

interface Ambient {
  tx: Database;
  /** What the hooks of one call hand each other (a row read before the change, …). */
  scratch: Map<string, unknown>;
  /** Work that must not hold the transaction (sending an e-mail): run once it has committed. */
  afterCommit: Array<() => Promise<void>>;
}

const storage = new AsyncLocalStorage<Ambient>();

class Rollback<T> extends Error {
  readonly result: T;
  constructor(result: T) {
    super('rolled back');
    this.result = result;
  }
}

/** `db`, or the ambient transaction when there is one. */
export function ambient(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      const source = storage.getStore()?.tx ?? target;
      const value: unknown = Reflect.get(source, property, source);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
}

/**
 * Runs `fn` in one transaction of `db`, ambient to everything it calls. Committed when `keep`
 * says so of the result, rolled back otherwise (the result is returned either way); rolled back
 * when `fn` throws.
 */
export async function inAmbientTransaction<T>(db: Database, fn: () => Promise<T>, keep: (result: T) => boolean): Promise<T> {
  if (storage.getStore()) return fn();
  const afterCommit: Ambient['afterCommit'] = [];
  let result: T;
  try {
    result = await db.transaction(async (tx) => {
      const result = await storage.run({ tx: tx as unknown as Database, scratch: new Map(), afterCommit }, fn);
      if (!keep(result)) throw new Rollback(result);
      return result;
    });
  } catch (error) {
    if (error instanceof Rollback) return error.result as T;
    throw error;
  }
  // Committed: now what had to wait for it (the caller still waits for it to finish).
  for (const work of afterCommit) await work();
  return result;
}

/**
 * Runs `work` once the ambient transaction has committed (never if it rolls back), or at once
 * outside one. For what must not hold a transaction open: on the embedded database a transaction
 * holds the only connection, so an e-mail sent inside one would stall every other request.
 */
export async function afterCommit(work: () => Promise<void>): Promise<void> {
  const store = storage.getStore();
  if (store) store.afterCommit.push(work);
  else await work();
}

/**
 * Sends `statement` once the ambient transaction has committed (at once outside one) and does not
 * wait for it: upkeep a request should neither hold its transaction for nor wait on (the
 * counters' pruning, src/server/rate-limits.ts and email-quota.ts). A failure is logged.
 */
export async function inBackgroundAfterCommit(db: Database, statement: SQL, failure: string): Promise<void> {
  await afterCommit(async () => {
    const running = db.execute(statement).then(
      () => undefined,
      (error: unknown) => logger().warn({ err: error }, failure),
    );
    background.add(running);
    void running.finally(() => background.delete(running));
  });
}

const background = new Set<Promise<void>>();

/** Resolves once the background statements started so far have finished (for tests that age rows). */
export async function backgroundSettled(): Promise<void> {
  await Promise.all([...background]);
}

/** The current ambient transaction's scratch space (undefined outside one). */
export const ambientScratch = () => storage.getStore()?.scratch;
