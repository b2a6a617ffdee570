// People sign in for real, then: the first users-search renders, uncached searches, the mix (and memory
// under load), and the mix's own SQL replayed straight to the database. PostgreSQL is put back after.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { SmtpSink } from '../../e2e/support/smtp-sink.ts';
import { httpClient, type Latencies } from './http-client.ts';
import { BROWSER_HEADERS, LOAD } from './load.ts';
import {
  ADMIN_SHARE,
  BENCH_TITLE_PREFIX,
  WEIGHTS,
  WRITE_WEIGHTS,
  createMix,
  runMix,
  shareOf,
  type MixRun,
  type MixSession,
} from './mix.ts';
import { LOG_DIR, cpuMs, machineCpu, ownCpuMs, postgresCpuMs, rssMb, type Server } from './processes.ts';
import * as progress from './progress.ts';
import { freshTerms, searchUncached } from './search-uncached.ts';
import { signInAll } from './sign-in.ts';
import { measureTracingCost } from './tracing-cost.ts';
import {
  capture,
  costPerKind,
  pgliteRunner,
  postgresRunner,
  replay,
  statementsPerKind,
  type CapturedRequest,
  type RequestRunner,
} from './sql-ceiling.ts';
import { prepareWorkload, random, restore, shortTermShare, type SqlClient } from './workload.ts';

/** The defaults are the figures of record. */
export const REALISTIC = {
  sessions: Number(process.env.BENCH_SESSIONS ?? 200),
  mixSeconds: Number(process.env.BENCH_MIX_DURATION ?? 30),
  mixWarmupSeconds: Number(process.env.BENCH_MIX_WARMUP ?? 5),
  /** Warm-up included, before the server's memory is read. */
  rssAfterSeconds: Number(process.env.BENCH_RSS_AFTER ?? 60),
  searchSeconds: Number(process.env.BENCH_SEARCH_DURATION ?? 8),
  captureRequests: Number(process.env.BENCH_CAPTURE ?? 400),
  ceilingSeconds: Number(process.env.BENCH_CEILING_DURATION ?? 15),
  ceilingWarmupSeconds: 3,
  auditWriteSeconds: Number(process.env.BENCH_AUDIT_WRITES_DURATION ?? 16),
  /** Each of the four tracing slices, after its own warm-up. */
  tracingSeconds: Number(process.env.BENCH_TRACING_DURATION ?? 10),
};

const FIRST_RENDER_TERMS = ['ma', 'sal', 'k'];

const RECORDER = path.join(import.meta.dirname, 'sql-recorder.ts');

export interface RealisticOptions {
  suffix: string;
  /** For the embedded database, only while no server holds it. */
  openSql: () => Promise<SqlClient & { pglite?: PGlite }>;
  postgresUrl?: string;
  startServer: (env?: Record<string, string>) => Promise<Server>;
  /** So its output is shown if the run fails. */
  onServer?: (server: Server) => void;
  mail: SmtpSink;
  /** NaN: not measured. */
  baselineRps: number;
  record: (name: string, value: number | string, unit: string, extra?: Record<string, unknown>) => void;
  parts: { mix: boolean; uncached: boolean };
  sessions?: number;
}

const round = (n: number, digits = 1) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : n);
const rounded = (l: Latencies) =>
  Object.fromEntries(Object.entries(l).map(([k, v]: [string, unknown]) => [k, typeof v === 'number' ? round(v) : v]));

export const realisticSteps = (parts: RealisticOptions['parts']) => 1 + (parts.uncached ? 1 : 0) + (parts.mix ? 3 : 0);

/** Dropped first in any case, so a run that died with it on leaves nothing behind. */
async function skipAuditInserts(db: SqlClient, on: boolean) {
  await db.query('drop trigger if exists bench_skip_audit on audit_event');
  if (!on) return;
  await db.query('create or replace function bench_skip_audit() returns trigger language plpgsql as $$ begin return null; end $$');
  await db.query('create trigger bench_skip_audit before insert on audit_event for each row execute function bench_skip_audit()');
}

interface AuditSlices {
  on: MixRun[];
  off: MixRun[];
  cpuMs: { on: number; off: number };
  /** 0 when the switch worked. */
  eventsWhileOff: number;
}

/** On, off, off, on, on, off, off, on: a steady drift of the machine's speed cancels. */
async function auditSlices(
  db: SqlClient,
  serverPid: number,
  seconds: number,
  run: (seconds: number, note: (elapsed: number) => string) => Promise<MixRun>,
): Promise<AuditSlices> {
  const lastEvent = async () => Number((await db.query<{ id: string | null }>('select max(id)::text as id from audit_event'))[0]?.id ?? 0);
  const slices: AuditSlices = { on: [], off: [], cpuMs: { on: 0, off: 0 }, eventsWhileOff: 0 };
  const cpuNow = () => cpuMs(serverPid) + postgresCpuMs();
  const order = [true, false, false, true, true, false, false, true];
  for (const [i, logged] of order.entries()) {
    const side = logged ? 'on' : 'off';
    const before = logged ? 0 : await lastEvent();
    if (!logged) await skipAuditInserts(db, true);
    try {
      const cpuBefore = cpuNow();
      const r = await run(seconds / order.length, (t) => `audit log ${side} (${i + 1}/${order.length}): ${t} s`);
      slices.cpuMs[side] += cpuNow() - cpuBefore;
      slices[side].push(r);
    } finally {
      if (!logged) await skipAuditInserts(db, false);
    }
    if (!logged) slices.eventsWhileOff += (await lastEvent()) - before;
  }
  return slices;
}

const requestsOf = (runs: MixRun[]) => runs.reduce((n, r) => n + r.requests, 0);
const rpsOf = (runs: MixRun[]) => requestsOf(runs) / runs.reduce((t, r) => t + r.seconds, 0);
const cpuPerRequestOf = (a: AuditSlices) => ({ on: a.cpuMs.on / requestsOf(a.on), off: a.cpuMs.off / requestsOf(a.off) });

export async function measureRealistic(o: RealisticOptions): Promise<void> {
  const label = o.suffix.replace('_', ' ');
  const count = o.sessions ?? (o.parts.mix ? REALISTIC.sessions : 2);
  const connections = LOAD.connections;
  progress.begin(`${label}: ${count} people sign in with e-mail codes, each from its own address`);
  const sql = await o.openSql();
  let closeSql: SqlClient | undefined = sql;
  let server: Server | undefined;
  const workload = await prepareWorkload(sql, { sessions: count, adminShare: ADMIN_SHARE }).catch(async (error) => {
    await sql.close();
    throw error;
  });
  const { people } = workload;
  try {
    // The embedded database is one process's: the server opens it next.
    if (!o.postgresUrl) {
      await sql.close();
      closeSql = undefined;
    }
    // A new 198.18.0.0/15 block each run: rate limits and quotas count per client address.
    const base = Math.floor(Math.random() * 500) * 256;
    const ipOf = (i: number) => {
      const n = base + i + 1;
      return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
    };
    server = await o.startServer();
    o.onServer?.(server);
    const url = server.url;
    const cookies = await signInAll(
      url,
      o.mail,
      people.map((p, i) => ({ email: p.email, ip: ipOf(i) })),
      8,
      (n) => n % 20 === 0 && progress.note(`${n}/${people.length}`),
    );
    const sessions: MixSession[] = people.map((p, i) => ({ cookie: cookies[i]!, ip: ipOf(i), admin: p.admin, userId: p.id, name: p.name }));
    const admin = sessions.find((s) => s.admin)!;
    const reader = sessions.find((s) => !s.admin) ?? admin;
    const headers = (s: MixSession, accept: string) => ({ ...BROWSER_HEADERS, accept, cookie: s.cookie, 'x-forwarded-for': s.ip });
    const client = httpClient(url, connections);

    if (o.parts.uncached) {
      progress.begin(`${label}: first renders of /manager/users, uncached searches (one at a time)`);
      // The page's code runs once first, so the figures are each URL's first render, not the process's first page.
      await client.send({ method: 'GET', path: '/manager/users', headers: headers(admin, 'text/html') });
      const renders: Record<string, number> = {};
      for (const term of FIRST_RENDER_TERMS) {
        const answer = await client.send({
          method: 'GET',
          path: `/manager/users?searchTerm=${term}`,
          headers: headers(admin, 'text/html'),
        });
        if (answer.status !== 200) throw new Error(`/manager/users?searchTerm=${term}: ${answer.status || answer.error}`);
        renders[term] = round(answer.headersMs);
      }
      o.record(`ttfb_manager_users_ma_${o.suffix}`, renders.ma!, 'ms', {
        firstRenders: renders,
        note: 'time to the first byte of the first render of each URL, as an admin, after one render of /manager/users',
      });
      const rand = random(2020);
      for (const [list, words, session] of [
        ['books', workload.bookWords, reader],
        ['users', workload.userWords, admin],
      ] as const) {
        const terms = freshTerms(words, 20_000, rand);
        const r = await searchUncached(
          client,
          terms,
          (term) => ({
            path: `/api/rpc/${list}?limit=20&searchTerm=${encodeURIComponent(term)}`,
            headers: headers(session, 'application/json'),
          }),
          { seconds: REALISTIC.searchSeconds, onTick: (n) => n % 20 === 0 && progress.note(`${list}: ${n} searches`) },
        );
        const extra = {
          searches: r.count,
          errors: r.errors,
          byTerm: Object.fromEntries(Object.entries(r.byLength).map(([k, v]) => [k, rounded(v)])),
        };
        o.record(`search_uncached_${list}_${o.suffix}_p50`, round(r.p50), 'ms', extra);
        o.record(`search_uncached_${list}_${o.suffix}_p95`, round(r.p95), 'ms');
        o.record(`search_uncached_${list}_${o.suffix}_p99`, round(r.p99), 'ms');
        if (r.errors) progress.warn(`search_uncached ${list}: ${r.errors} failed searches`);
      }
    }

    if (o.parts.mix) {
      const { mixSeconds, mixWarmupSeconds, rssAfterSeconds } = REALISTIC;
      progress.begin(`${label}: realistic mix, ${connections} connections, ${count} sessions, ${mixSeconds} s after ${mixWarmupSeconds} s`);
      const mix = createMix(url, sessions, workload);
      await runMix(client, mix, { connections, seconds: mixWarmupSeconds, onTick: (s) => progress.note(`warm-up ${s} s`) });
      const cpuBefore = cpuMs(server.pid);
      const [machineBefore, postgresBefore, clientBefore] = [machineCpu(), postgresCpuMs(), ownCpuMs()];
      const m = await runMix(client, mix, { connections, seconds: mixSeconds, onTick: (s) => progress.note(`${s}/${mixSeconds} s`) });
      const cpuPerRequest = (cpuMs(server.pid) - cpuBefore) / m.requests;
      // Where the machine's CPU went per request; with the cores busy, the sum bounds the throughput.
      const machineAfter = machineCpu();
      const busyMs = machineAfter.busyMs - machineBefore.busyMs;
      const cpu = {
        app: cpuPerRequest,
        database: (postgresCpuMs() - postgresBefore) / m.requests,
        loadClient: (ownCpuMs() - clientBefore) / m.requests,
        machine: busyMs / m.requests,
        cores: machineAfter.cores,
      };
      const wallMs = m.seconds * 1000 * cpu.cores;
      const busyShare = busyMs / wallMs;
      const stealShare = (machineAfter.stealMs - machineBefore.stealMs) / wallMs;
      const more = rssAfterSeconds - mixWarmupSeconds - m.seconds;
      // On PostgreSQL: audit-log cost in slices, inserts made or skipped (a bench-only trigger), in an
      // order that cancels the machine's drift. Kept beside the figure, which comes from the writes alone.
      let audit: AuditSlices | undefined;
      if (more > 0) {
        const skipAudit = o.postgresUrl && closeSql ? closeSql : undefined;
        if (!skipAudit) {
          await runMix(client, mix, {
            connections,
            seconds: more,
            onTick: (s) => progress.note(`until ${rssAfterSeconds} s of mix for memory: ${s} s`),
          });
        } else {
          audit = await auditSlices(skipAudit, server.pid, more, (seconds, note) =>
            runMix(client, mix, {
              connections,
              seconds,
              onTick: (t) => progress.note(`until ${rssAfterSeconds} s of mix for memory, ${note(t)}`),
            }),
          );
        }
      }
      const rss = rssMb(server.pid);
      // The writes alone, log on and off: the mix's slices cannot tell the log's cost from their noise.
      let auditOnWrites: AuditSlices | undefined;
      if (audit && closeSql) {
        const writes = createMix(url, sessions, workload, 21, WRITE_WEIGHTS);
        auditOnWrites = await auditSlices(closeSql, server.pid, REALISTIC.auditWriteSeconds, (seconds, note) =>
          runMix(client, writes, { connections, seconds, onTick: (t) => progress.note(`the writes alone, ${note(t)}`) }),
        );
      }
      client.close();
      await server.stop();
      server = undefined;

      const s = `mix_realistic_${o.suffix}`;
      o.record(`${s}_rps`, round(m.rps, 0), 'req/s', {
        requests: m.requests,
        seconds: round(m.seconds),
        connections,
        sessions: sessions.length,
        admins: sessions.filter((x) => x.admin).length,
        weights: WEIGHTS,
        terms: {
          books: { distinct: workload.bookTerms.length, mostAskedFor: workload.bookTerms.slice(0, 5) },
          users: { distinct: workload.userTerms.length, mostAskedFor: workload.userTerms.slice(0, 5) },
          shareOfSearchesWith1or2Characters: {
            books: round(shortTermShare(workload.bookTerms) * 100),
            users: round(shortTermShare(workload.userTerms) * 100),
          },
        },
        byKind: Object.fromEntries(Object.entries(m.byKind).map(([k, v]) => [k, rounded(v)])),
      });
      // Steadier than req/s from run to run (the embedded database's work included).
      o.record(`mix_server_cpu_per_request_${o.suffix}`, round(cpuPerRequest, 2), 'ms', {
        note: 'CPU time (user and system) of the app process during the measured mix, divided by its requests',
      });
      o.record(`${s}_ratio`, round((m.rps / o.baselineRps) * 100), '%', { baselineRps: round(o.baselineRps, 0) });
      o.record(`mix_cpu_per_request_${o.suffix}`, round(cpu.machine, 2), 'ms', {
        note: "the whole machine's busy CPU time during the measured mix (all processes, all cores), divided by its requests",
        app: round(cpu.app, 2),
        database: round(cpu.database, 2),
        loadClient: round(cpu.loadClient, 2),
        rest: round(cpu.machine - cpu.app - cpu.database - cpu.loadClient, 2),
        cores: cpu.cores,
        busyShare: round(busyShare * 100),
        stealShare: round(stealShare * 100),
      });
      if (o.postgresUrl)
        o.record(`mix_postgres_cpu_per_request_${o.suffix}`, round(cpu.database, 2), 'ms', {
          note: "PostgreSQL's CPU time (its processes, ended backends included) during the measured mix, divided by its requests",
        });
      if (audit && auditOnWrites) {
        // What the log adds to a write, times the writes' share, against a request's cost without it.
        const writes = cpuPerRequestOf(auditOnWrites);
        const mixCpu = cpuPerRequestOf(audit);
        const writeShare = shareOf(WRITE_WEIGHTS);
        const cost = ((writes.on - writes.off) * writeShare) / mixCpu.off;
        o.record(`mix_audit_cost_${o.suffix}`, round(cost * 100), '%', {
          writeCpuPerRequestOn: round(writes.on, 2),
          writeCpuPerRequestOff: round(writes.off, 2),
          writeShare,
          mixCpuPerRequestOff: round(mixCpu.off, 2),
          // The same measured straight on the mix: within its noise of several per cent.
          mixSlices: {
            cpuCost: round((mixCpu.on / mixCpu.off - 1) * 100),
            throughputCost: round((1 - rpsOf(audit.on) / rpsOf(audit.off)) * 100),
            onRps: round(rpsOf(audit.on), 0),
            offRps: round(rpsOf(audit.off), 0),
          },
          auditEventsWhileOff: audit.eventsWhileOff + auditOnWrites.eventsWhileOff,
          note: 'CPU time (app and local PostgreSQL) the audit log adds to a write, measured on the writes alone in eight slices with the audit inserts made (on) or skipped by the database (off), on off off on on off off on, times the writes share of the mix, over what a request of the mix costs with it off (mixSlices: the same measured straight on the mix, noisier); negative: within the noise',
        });
      }
      o.record(`${s}_p50`, round(m.p50), 'ms');
      o.record(`${s}_p95`, round(m.p95), 'ms');
      o.record(`${s}_p99`, round(m.p99), 'ms');
      o.record(`${s}_errors`, m.errors, 'errors', m.errorSamples.length ? { samples: m.errorSamples } : {});
      if (m.errors) progress.warn(`${s}: ${m.errors} errors, e.g. ${m.errorSamples[0]}`);
      o.record(`rss_under_load_${o.suffix}`, rss, 'MB', {
        afterSecondsOfMix: Math.max(rssAfterSeconds, round(mixWarmupSeconds + m.seconds, 0)),
      });

      progress.begin(`${label}: tracing's cost (the mix with OTEL_EXPORTER_OTLP_ENDPOINT set and unset, in turns)`);
      const tracing = await measureTracingCost({
        startServer: o.startServer,
        onServer: o.onServer,
        sessions,
        workload,
        connections,
        seconds: REALISTIC.tracingSeconds,
        warmupSeconds: mixWarmupSeconds,
        note: progress.note,
      });
      o.record(`mix_tracing_cost_${o.suffix}`, round((tracing.on / tracing.off - 1) * 100), '%', {
        appCpuPerRequestOn: round(tracing.on, 2),
        appCpuPerRequestOff: round(tracing.off, 2),
        otlpExports: tracing.exports,
        otlpKilobytes: round(tracing.exportedBytes / 1024, 0),
        note: `the app's CPU time per request of the mix with every span exported to a local OTLP/HTTP collector, over the same without tracing; fresh processes, off on on off, ${REALISTIC.tracingSeconds} s each after ${mixWarmupSeconds} s`,
      });

      progress.begin(`${label}: SQL ceiling (the mix's statements, captured, then sent straight to the database)`);
      const file = path.join(tmpdir(), `springboard-bench-sql-${process.pid}.jsonl`);
      writeFileSync(file, '');
      let trace: CapturedRequest[];
      try {
        const recorder = await o.startServer({
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-strip-types --no-warnings=ExperimentalWarning --import=${pathToFileURL(RECORDER).href}`,
          BENCH_SQL_RECORD: file,
        });
        o.onServer?.(recorder);
        const one = httpClient(recorder.url, 1);
        try {
          trace = await capture(one, createMix(recorder.url, sessions, workload, 21), file, {
            count: REALISTIC.captureRequests,
            seconds: 30,
            onTick: (n) => n % 50 === 0 && progress.note(`capture: ${n}/${REALISTIC.captureRequests} requests`),
          });
        } finally {
          one.close();
          await recorder.stop();
        }
      } finally {
        rmSync(file, { force: true });
      }
      const statements = trace.reduce((n, r) => n + r.statements.length, 0);
      if (!statements) throw new Error('the SQL capture recorded no statement');
      // What each request sent to the database, for whoever looks at where the time goes.
      writeFileSync(path.join(LOG_DIR, `sql-trace-${o.suffix}.jsonl`), trace.map((r) => JSON.stringify(r)).join('\n') + '\n');

      let runner: { run: RequestRunner; close: () => Promise<void> };
      if (o.postgresUrl) runner = await postgresRunner(o.postgresUrl, connections);
      else {
        const embedded = await o.openSql();
        runner = { ...pgliteRunner(embedded.pglite!), close: () => embedded.close() };
      }
      let c;
      let cost;
      try {
        progress.note('each request alone, one at a time');
        cost = await costPerKind(trace, runner.run);
        await replay(trace, runner.run, {
          connections,
          seconds: REALISTIC.ceilingWarmupSeconds,
          onTick: (t) => progress.note(`warm-up ${t} s`),
        });
        c = await replay(trace, runner.run, {
          connections,
          seconds: REALISTIC.ceilingSeconds,
          onTick: (t) => progress.note(`${t}/${REALISTIC.ceilingSeconds} s`),
        });
      } finally {
        await runner.close();
      }
      o.record(`sql_ceiling_${o.suffix}_rps`, round(c.rps, 0), 'req/s', {
        client: o.postgresUrl ? `pg, a pool of ${connections}` : 'the PGlite client in the bench process (one statement at a time)',
        statementsPerSecond: round(c.statementsPerSecond, 0),
        p50: round(c.p50),
        p99: round(c.p99),
        errors: c.errors,
        errorCodes: c.errorCodes,
        conflicts: c.conflicts,
        capturedRequests: trace.length,
        capturedStatements: statements,
        statementsPerRequest: statementsPerKind(trace),
      });
      if (c.errors) progress.warn(`sql_ceiling ${o.suffix}: ${c.errors} replayed requests failed ${JSON.stringify(c.errorCodes)}`);
      o.record(`sql_cost_per_request_${o.suffix}`, cost.mean, 'ms', {
        note: 'the database time of one request of the mix, alone (its captured statements, one request at a time), by kind',
        byKind: cost.byKind,
      });
      o.record(`${s}_ceiling_share`, round((m.rps / c.rps) * 100), '%');
    } else client.close();
  } finally {
    await server?.stop();
    if (closeSql) {
      await restore(closeSql, people, BENCH_TITLE_PREFIX);
      await closeSql.close();
    }
  }
}
