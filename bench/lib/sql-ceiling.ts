// The database's own limit for the mix's SQL: statements captured from a recorded server, then replayed
// straight to the database. Replayed conflicts and missing rows make it slightly optimistic.
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { latencies, type HttpClient } from './http-client.ts';
import { BENCH_TITLE_PREFIX, type Kind, type Mix } from './mix.ts';

interface Statement {
  text: string;
  values: unknown[];
  /** The replay on PostgreSQL prepares it too. */
  name?: string;
}

export interface CapturedRequest {
  kind: Kind;
  statements: Statement[];
}

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

/** A new `id` (and the same one in the statements that follow) and book title for each replayed insert. */
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

const isConflict = (error: unknown) => (error as { code?: string }).code === '23505';

/** Returns how many statements were unique violations (and goes on past them); throws any other error. */
export type RequestRunner = (statements: Statement[]) => Promise<number>;

/** Each request on one connection, with its transaction if any. */
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

/** PGlite runs one statement at a time; a transaction runs whole. */
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
  rps: number;
  statementsPerSecond: number;
  requests: number;
  p50: number;
  p99: number;
  /** By SQLSTATE (or message). */
  errors: number;
  errorCodes: Record<string, number>;
  /** Unique violations, which the replay goes past. */
  conflicts: number;
}

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

/** Each captured request once, one at a time, after an untimed warm-up pass. */
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
