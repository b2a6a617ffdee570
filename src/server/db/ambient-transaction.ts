// Better Auth writes through the Drizzle adapter it was created with: handing it `ambient(db)` puts
// its queries in our transaction, so an audit event and its change commit or roll back together.
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

export function ambient(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      const source = storage.getStore()?.tx ?? target;
      const value: unknown = Reflect.get(source, property, source);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
}

/** Commits when `keep(result)` says so, rolls back otherwise or when `fn` throws. */
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
  for (const work of afterCommit) await work();
  return result;
}

/** The embedded database has one connection: an e-mail sent inside a transaction would stall every request. */
export async function afterCommit(work: () => Promise<void>): Promise<void> {
  const store = storage.getStore();
  if (store) store.afterCommit.push(work);
  else await work();
}

/** Upkeep a request should neither hold its transaction for nor wait on; a failure is logged. */
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

export async function backgroundSettled(): Promise<void> {
  await Promise.all([...background]);
}

export const ambientScratch = () => storage.getStore()?.scratch;
