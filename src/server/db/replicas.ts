// Streaming replicas for reads that tolerate a little lag (docs/decisions/090-read-replicas.md). Drizzle's
// `withReplicas` sends selects to the replica this module picks; a replica that is behind by more than the
// bound, or does not answer, is left out until a check finds it caught up again, and a read it fails is run
// again on the primary: a reader sees an older page at worst, never an error.
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { withReplicas } from 'drizzle-orm/pg-core';
import { logger } from '../logger.ts';
import { tracedQuery } from '../tracing.ts';
import type { Database } from './client.ts';
import * as schema from './schema.ts';
import { identitySlug } from '../../lib/identity.ts';

/**
 * How a replica's sessions name themselves in pg_stat_activity: the reads that went there.
 * @public (an operator's query reads it; the replica tests too)
 */
export const REPLICA_APPLICATION_NAME = `${identitySlug}-reads`;

/** How often each replica's position is compared with the primary's. */
const CHECK_EVERY_MS = 1000;
/** A replica that takes longer to connect or to answer is skipped for the primary. */
const CONNECT_TIMEOUT_MS = 1000;
const QUERY_TIMEOUT_MS = 3000;

interface ReplicaState {
  /** `replica-1`, … in the order of DATABASE_REPLICA_URLS: its address is not shown. */
  name: string;
  reachable: boolean;
  /** How long since it last had everything the primary had; null before the first check that found so. */
  lagSeconds: number | null;
}

export interface Replicas {
  /** For a lag-tolerant read: a usable replica's, or the primary's when there is none. */
  db: Database;
  /** The primary, for a lag-tolerant read that must see the caller's own write (counted as the primary's). */
  primary: Database;
  states(): ReplicaState[];
  /** Lag-tolerant statements run so far, by server (`primary`, `replica-1`, …). */
  reads(): Map<string, number>;
  close(): Promise<void>;
}

/** How Drizzle's node-postgres driver calls a pool: a query config (or text) and its values. */
type Query = (...args: unknown[]) => Promise<unknown>;

interface Replica {
  name: string;
  pool: pg.Pool;
  db: Database;
  reachable: boolean;
  /** When the last check that got an answer began; caughtUpAt is the last such time the replica had caught up. */
  checkedAt?: number;
  caughtUpAt?: number;
  standbyWarned?: boolean;
}

/** `cannot execute … in a read-only transaction`. */
const READ_ONLY = '25006';

/** A replica's own failures (its connection, its shutdown, a conflict with recovery, a write it refuses), not the statement's. */
function replicaFailure(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return /^(08|53|57|58|XX)/.test(code) || code === READ_ONLY || code === '40001';
}

export async function openReplicas(
  urls: string[],
  primary: { db: Database; pool: pg.Pool },
  options: { maxLagSeconds: number; poolMax: number },
): Promise<Replicas> {
  const log = logger();
  const reads = new Map<string, number>([['primary', 0]]);
  const count = (server: string) => reads.set(server, (reads.get(server) ?? 0) + 1);
  const primaryQuery = primary.pool.query.bind(primary.pool) as Query;
  const usable = (r: Replica) => r.reachable && r.caughtUpAt !== undefined && Date.now() - r.caughtUpAt <= options.maxLagSeconds * 1000;

  const primaryForReads = drizzle({
    client: { query: (...args: unknown[]) => (count('primary'), primaryQuery(...args)) } as unknown as pg.Pool,
    schema,
  }) as unknown as Database;

  const replicas: Replica[] = urls.map((url, i) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolMax,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      statement_timeout: QUERY_TIMEOUT_MS,
      application_name: REPLICA_APPLICATION_NAME,
    });
    // A replica shutting down ends its idle connections: not a crash, and the next read goes elsewhere.
    pool.on('error', () => {});
    const replica: Replica = { name: `replica-${i + 1}`, pool, db: undefined as unknown as Database, reachable: false };
    const own = tracedQuery('postgresql', pool.query.bind(pool) as Query);
    const query = async (...args: unknown[]) => {
      if (!usable(replica)) return primaryQuery(...args).then((result) => (count('primary'), result));
      try {
        const result = await own(...args);
        count(replica.name);
        return result;
      } catch (error) {
        if (!replicaFailure(error)) throw error;
        // A write is refused by any standby: the statement goes to the primary, the replica stays in use.
        if ((error as { code?: unknown }).code !== READ_ONLY) {
          replica.reachable = false;
          log.warn({ err: error, replica: replica.name }, 'replica read failed: read again on the primary');
        }
        const result = await primaryQuery(...args);
        count('primary');
        return result;
      }
    };
    replica.db = drizzle({ client: { query } as unknown as pg.Pool, schema }) as unknown as Database;
    return replica;
  });

  async function check() {
    const started = Date.now();
    let lsn: string;
    try {
      const { rows } = await primary.pool.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      lsn = rows[0]!.lsn;
    } catch {
      return; // No primary to compare with: the replicas keep their last state.
    }
    await Promise.all(
      replicas.map(async (r) => {
        try {
          const { rows } = await r.pool.query<{ standby: boolean; caught_up: boolean | null }>(
            'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up',
            [lsn],
          );
          const wasUsable = usable(r);
          r.reachable = true;
          r.checkedAt = started;
          if (rows[0]?.caught_up) r.caughtUpAt = started;
          if (!rows[0]?.standby && !r.standbyWarned) {
            r.standbyWarned = true;
            log.error({ replica: r.name }, 'a DATABASE_REPLICA_URLS server is not a standby: it gets no reads');
          }
          if (usable(r) !== wasUsable) log.info({ replica: r.name, usable: usable(r) }, 'replica state changed');
        } catch (error) {
          if (r.reachable) log.warn({ err: error, replica: r.name }, 'replica not answering: its reads go to the primary');
          r.reachable = false;
        }
      }),
    );
  }

  await check();
  let checking: Promise<void> | undefined;
  const timer = setInterval(() => {
    checking ??= check().finally(() => (checking = undefined));
  }, CHECK_EVERY_MS);
  timer.unref();

  const pick = () => {
    const open = replicas.filter(usable);
    return open.length ? open[Math.floor(Math.random() * open.length)]!.db : primaryForReads;
  };
  // Writes and transactions on the primary's own pool; the dashboard's counts, SQL of their own, on the read
  // side too (a write among them is refused by a replica, 25006, and run on the primary).
  const reading = (choose: () => Database) =>
    Object.assign(withReplicas(primary.db, [choose()], choose), {
      execute: ((...args) => choose().execute(...args)) as Database['execute'],
    }) as unknown as Database;

  return {
    db: reading(pick),
    primary: reading(() => primaryForReads),
    states: () =>
      replicas.map((r) => ({
        name: r.name,
        reachable: r.reachable,
        lagSeconds: r.caughtUpAt === undefined || r.checkedAt === undefined ? null : Math.max(0, (r.checkedAt - r.caughtUpAt) / 1000),
      })),
    reads: () => new Map(reads),
    async close() {
      clearInterval(timer);
      await checking;
      await Promise.all(replicas.map((r) => r.pool.end()));
    },
  };
}
