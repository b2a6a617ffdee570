/**
 * `sql_ceiling` (issue #20): the database's own limit for the SQL the mix issues, on this machine.
 *
 * 1. Capture: a server started with bench/lib/sql-recorder.ts (never the measured one) answers
 *    requests of the mix one at a time; after each answer the bench reads the statements the
 *    server sent meanwhile (text and parameters, as the driver received them). So the trace holds
 *    exactly what the app issues for each kind of request, Better Auth's session reads and rate
 *    limits included, with the mix's weights, terms and ids.
 * 2. Replay: the captured requests, each one's statements in order on one connection, are sent
 *    directly with `pg` (a pool as large as the mix's connections), or through the PGlite client
 *    in this process for the embedded database, as many at once as the mix had connections.
 *    Values a request invented for an insert (the new row's id, the mix's book titles) are invented
 *    anew on each replay, so a replayed book insert inserts. A replayed insert of a rate-limit
 *    counter the capture created fails on its unique key and the replay goes on (counted as a
 *    conflict); a replayed update or delete of a book the capture has since deleted finds no row.
 *    Both make the ceiling slightly optimistic, for a few % of the requests.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { latencies, type HttpClient } from './http-client.ts';
import { BENCH_TITLE_PREFIX, type Kind, type Mix } from './mix.ts';

interface Statement {
  text: string;
  values: unknown[];
  /** The app's name for a statement it prepares (decision 051); the replay on PostgreSQL prepares it too. */
  name?: string;
}

export interface CapturedRequest {
  kind: Kind;
  statements: Statement[];
}

/** The lines appended to `file` since byte `offset`. */
function readSince(file: string, offset: number): { statements: Statement[]; offset: number } {
  const size = statSync(file).size;
  if (size <= offset) return { statements: [], offset };
  const buffer = Buffer.alloc(size - offset);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  const text = buffer.toString('utf8');
  // Only whole lines; a line being written stays for the next read.
  const end = text.lastIndexOf('\n') + 1;
  const statements = text
    .slice(0, end)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Statement);
  return { statements, offset: offset + Buffer.byteLength(text.slice(0, end)) };
}

/** Sends `count` requests of the mix one at a time (at most `seconds`) and keeps each one's statements. */
export async function capture(
  client: HttpClient,
  mix: Mix,
  file: string,
  options: { count: number; seconds: number; onTick?: (done: number) => void },
): Promise<CapturedRequest[]> {
  let { offset } = readSince(file, 0);
  const trace: CapturedRequest[] = [];
  const end = performance.now() + options.seconds * 1000;
  while (trace.length < options.count && performance.now() < end) {
    const req = mix.next();
    const answer = await client.send(req);
    mix.answered(req, answer);
    // Anything the server does right after answering (a background delete) lands with this request.
    await new Promise((r) => setTimeout(r, 1));
    const read = readSince(file, offset);
    offset = read.offset;
    trace.push({ kind: req.kind, statements: read.statements });
    options.onTick?.(trace.length);
  }
  return trace;
}

const INSERT = /^\s*insert\s+into\s+\S+\s*\(([^)]*)\)\s*values\s*\(([^)]*)\)/i;
const TX = /^\s*(begin|commit|rollback)\s*;?\s*$/i;

/**
 * The request's statements with the values its inserts invented replaced by new ones: the new
 * row's `id` (referred to again by the statements that follow, which get the new one too) and
 * the mix's book titles. Other values of an insert (a genre id, a rate-limit key) stay.
 */
function freshValues(req: CapturedRequest): Statement[] {
  const renamed = new Map<string, string>();
  for (const st of req.statements) {
    const insert = INSERT.exec(st.text);
    if (!insert) continue;
    const columns = insert[1]!.split(',').map((c) => c.trim().replace(/"/g, ''));
    const values = insert[2]!.split(',').map((v) => v.trim());
    columns.forEach((column, i) => {
      const param = /^\$(\d+)$/.exec(values[i] ?? '')?.[1];
      const value = param ? st.values[Number(param) - 1] : undefined;
      if (typeof value !== 'string' || renamed.has(value)) return;
      if (column === 'id') renamed.set(value, randomUUID());
      else if (value.startsWith(BENCH_TITLE_PREFIX)) renamed.set(value, `${BENCH_TITLE_PREFIX}${randomUUID()}`);
    });
  }
  if (!renamed.size) return req.statements;
  return req.statements.map((st) => ({ ...st, values: st.values.map((v) => (typeof v === 'string' ? (renamed.get(v) ?? v) : v)) }));
}

/** A unique violation: a replayed insert of a row the capture created (a rate-limit counter's key). */
const isConflict = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * Runs one captured request's statements in order and returns how many were unique violations
 * (then it goes on, as the first statement's failure does not change what the others cost);
 * throws any other error.
 */
export type RequestRunner = (statements: Statement[]) => Promise<number>;

/** `pg`: a pool of `connections`; each request on one connection (its transaction, if any, with it). */
export async function postgresRunner(url: string, connections: number): Promise<{ run: RequestRunner; close: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: connections });
  pool.on('error', () => {});
  return {
    async run(statements) {
      const client = await pool.connect();
      let inTransaction = false;
      let conflicts = 0;
      try {
        for (const st of statements) {
          const marker = TX.exec(st.text)?.[1]?.toLowerCase();
          try {
            await client.query({ text: st.text, values: st.values, rowMode: 'array', ...(st.name ? { name: st.name } : {}) });
          } catch (error) {
            // Inside a transaction a failed statement aborts it: that is an error of the replay.
            if (inTransaction || !isConflict(error)) throw error;
            conflicts++;
          }
          if (marker) inTransaction = marker === 'begin';
        }
        return conflicts;
      } catch (error) {
        if (inTransaction) await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** PGlite in this process: it runs one statement at a time; a transaction runs whole. */
export function pgliteRunner(pglite: PGlite): { run: RequestRunner } {
  return {
    async run(statements) {
      let tx: Statement[] | null = null;
      let conflicts = 0;
      for (const st of statements) {
        const marker = TX.exec(st.text)?.[1]?.toLowerCase();
        if (marker === 'begin') tx = [];
        else if (marker && tx) {
          const body = tx;
          tx = null;
          if (marker === 'commit')
            await pglite.transaction(async (t: Transaction) => {
              for (const s of body) await t.query(s.text, s.values, { rowMode: 'array' });
            });
        } else if (tx) tx.push(st);
        else
          await pglite.query(st.text, st.values, { rowMode: 'array' }).catch((error: unknown) => {
            if (!isConflict(error)) throw error;
            conflicts++;
          });
      }
      return conflicts;
    },
  };
}

export interface CeilingRun {
  seconds: number;
  /** Captured requests replayed per second. */
  rps: number;
  statementsPerSecond: number;
  requests: number;
  p50: number;
  p99: number;
  /** Replayed requests that failed, by SQLSTATE (or message). */
  errors: number;
  errorCodes: Record<string, number>;
  /** Replayed inserts of a row the capture had created (unique violations), which the replay goes past. */
  conflicts: number;
}

/** Replays the trace with `connections` requests in flight for `seconds`. */
export async function replay(
  trace: CapturedRequest[],
  run: RequestRunner,
  options: { connections: number; seconds: number; onTick?: (elapsed: number) => void },
): Promise<CeilingRun> {
  const times: number[] = [];
  const errorCodes: Record<string, number> = {};
  let errors = 0;
  let conflicts = 0;
  let statements = 0;
  let next = 0;
  const t0 = performance.now();
  const end = t0 + options.seconds * 1000;
  const ticker = setInterval(() => options.onTick?.(Math.round((performance.now() - t0) / 1000)), 1000);
  async function connection() {
    while (performance.now() < end) {
      const req = trace[next++ % trace.length]!;
      const started = performance.now();
      try {
        conflicts += await run(freshValues(req));
        times.push(performance.now() - started);
      } catch (error) {
        errors++;
        const code = (error as { code?: string }).code ?? String((error as Error).message).slice(0, 80);
        errorCodes[code] = (errorCodes[code] ?? 0) + 1;
      }
      statements += req.statements.length;
    }
  }
  await Promise.all(Array.from({ length: options.connections }, connection));
  clearInterval(ticker);
  const seconds = (performance.now() - t0) / 1000;
  const l = latencies(times);
  const requests = times.length + errors;
  return {
    seconds,
    rps: requests / seconds,
    statementsPerSecond: statements / seconds,
    requests,
    p50: l.p50,
    p99: l.p99,
    errors,
    errorCodes,
    conflicts,
  };
}

/**
 * What each kind of request costs the database alone: every captured request replayed once, one
 * at a time (after one untimed pass to warm the caches), its statements' time summed. Mean ms per
 * request of each kind, and over the whole trace (the mix's weights).
 */
export async function costPerKind(
  trace: CapturedRequest[],
  run: RequestRunner,
): Promise<{ mean: number; byKind: Partial<Record<Kind, number>> }> {
  for (const req of trace) await run(freshValues(req)).catch(() => 0);
  const sums = new Map<Kind, { n: number; ms: number }>();
  let total = 0;
  for (const req of trace) {
    const started = performance.now();
    await run(freshValues(req)).catch(() => 0);
    const ms = performance.now() - started;
    total += ms;
    const s = sums.get(req.kind) ?? { n: 0, ms: 0 };
    s.n++;
    s.ms += ms;
    sums.set(req.kind, s);
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    mean: round(total / Math.max(1, trace.length)),
    byKind: Object.fromEntries([...sums].sort((a, b) => b[1].ms - a[1].ms).map(([k, s]) => [k, round(s.ms / s.n)])),
  };
}

/** Statements per request of each kind in the trace (what each kind costs the database, in count). */
export function statementsPerKind(trace: CapturedRequest[]): Partial<Record<Kind, number>> {
  const sums = new Map<Kind, { n: number; statements: number }>();
  for (const r of trace) {
    const s = sums.get(r.kind) ?? { n: 0, statements: 0 };
    s.n++;
    s.statements += r.statements.length;
    sums.set(r.kind, s);
  }
  return Object.fromEntries([...sums].map(([k, s]) => [k, Math.round((s.statements / s.n) * 10) / 10]));
}
