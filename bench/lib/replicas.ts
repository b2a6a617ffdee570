// Step 11 of `npm run bench` (alone: `node --experimental-strip-types bench/replicas.ts`): the realistic mix on a
// PostgreSQL primary alone, then with one streaming replica (DATABASE_REPLICA_URLS), in one run on one machine.
// Both servers are made here (tests/support/streaming-replica.ts: the machine's own server allows no replication)
// and seeded with the bench's 100 000 books and users. Per side: the primary's and the replica's CPU per request,
// the share of statements each ran (pg_stat_statements), the mix's req/s, p95 and errors, and the app's RSS after
// BENCH_MIX_WARMUP + BENCH_REPLICA_MIX_DURATION seconds (5 + 55); BENCH_SESSIONS (200) people, 20 connections.
import { readFileSync, readdirSync } from 'node:fs';
import { replicaUnavailable, streamingReplica } from '../../tests/support/streaming-replica.ts';
import { httpClient } from './http-client.ts';
import { LOAD } from './load.ts';
import { ADMIN_SHARE, createMix, runMix, type MixSession } from './mix.ts';
import { cpuMs, rssMb, startApp } from './processes.ts';
import * as progress from './progress.ts';
import { LARGE, seedLarge } from './seeded-data.ts';
import { signInAll, startMailSink } from './sign-in.ts';
import { postgresClient, prepareWorkload, type SqlClient } from './workload.ts';

const warmup = Number(process.env.BENCH_MIX_WARMUP ?? 5);
const seconds = Number(process.env.BENCH_REPLICA_MIX_DURATION ?? 55);
const sessionCount = Number(process.env.BENCH_SESSIONS ?? 200);
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

type Record_ = (name: string, value: number | string, unit: string, extra?: Record<string, unknown>) => void;

/** Why it cannot run here (no PostgreSQL server binaries), or undefined. */
export const replicasUnavailable = replicaUnavailable;

/** A server's CPU: its postmaster with its ended backends, and every live backend. */
function clusterCpuMs(dataDir: string): number {
  const postmaster = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
  let total = cpuMs(postmaster, true);
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const ppid = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (ppid === postmaster) total += cpuMs(Number(pid), true);
    } catch {
      // Ended meanwhile: counted in the postmaster's children's time.
    }
  }
  return total;
}

const statements = async (db: SqlClient) =>
  Number((await db.query<{ n: string }>('select coalesce(sum(calls), 0)::text as n from pg_stat_statements'))[0]!.n);

export async function measureReplicas(record: Record_): Promise<void> {
  progress.begin(`read replicas: a primary and a hot standby of its own, ${LARGE.books} books and ${LARGE.users} users`);
  const pg = await streamingReplica(["shared_preload_libraries = 'pg_stat_statements'", 'shared_buffers = 128MB']);
  const mail = await startMailSink();
  try {
    seedLarge({ DATABASE_URL: pg.primaryUrl });
    const primary = await postgresClient(pg.primaryUrl);
    await primary.query('create extension if not exists pg_stat_statements');
    const replica = await postgresClient(pg.replicaUrl);
    for (;;) {
      const [lsn] = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      const [r] = await replica.query<{ ok: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [lsn!.lsn]);
      if (r?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const workload = await prepareWorkload(primary, { sessions: sessionCount, adminShare: ADMIN_SHARE });
    const env = { DATABASE_URL: pg.primaryUrl, EMAIL_SERVER: mail.url, AUTH_SECRET: 'bench-secret-'.padEnd(40, 'x') };
    const ipOf = (i: number) => `198.19.${(i >> 8) & 255}.${(i & 255) + 1}`;
    let sessions: MixSession[] | undefined;

    for (const side of ['alone', 'one_replica'] as const) {
      progress.begin(`read replicas: the mix ${side === 'alone' ? 'on the primary alone' : 'with one replica'}, ${warmup} + ${seconds} s`);
      const server = await startApp(side === 'alone' ? env : { ...env, DATABASE_REPLICA_URLS: pg.replicaUrl });
      try {
        // Signed in once: the sessions are in the database, and the same secret reads them on the second server.
        if (!sessions) {
          const people = workload.people.map((p, i) => ({ email: p.email, ip: ipOf(i) }));
          const cookies = await signInAll(server.url, mail, people, 8);
          sessions = workload.people.map((p, i) => ({ cookie: cookies[i]!, ip: ipOf(i), admin: p.admin, userId: p.id, name: p.name }));
        }
        const client = httpClient(server.url, LOAD.connections);
        const mix = createMix(server.url, sessions, workload);
        await runMix(client, mix, { connections: LOAD.connections, seconds: warmup });
        const now = async () => ({
          app: cpuMs(server.pid),
          primary: clusterCpuMs(pg.primaryData),
          replica: clusterCpuMs(pg.replicaData),
          primaryStatements: await statements(primary),
          replicaStatements: await statements(replica),
        });
        const before = await now();
        const m = await runMix(client, mix, { connections: LOAD.connections, seconds, onTick: (t) => progress.note(`${t}/${seconds} s`) });
        const after = await now();
        const rss = rssMb(server.pid);
        client.close();
        const perRequest = (k: 'app' | 'primary' | 'replica') => round((after[k] - before[k]) / m.requests);
        // Less the counting statement itself.
        const onPrimary = after.primaryStatements - before.primaryStatements - 1;
        const onReplica = Math.max(0, after.replicaStatements - before.replicaStatements - 1);
        const s = `mix_replicas_${side}`;
        record(`${s}_primary_cpu_per_request`, perRequest('primary'), 'ms', {
          note: "the primary PostgreSQL's CPU (postmaster and backends, ended ones included) during the measured mix, per request",
        });
        record(`${s}_replica_cpu_per_request`, perRequest('replica'), 'ms');
        record(`${s}_app_cpu_per_request`, perRequest('app'), 'ms');
        record(`${s}_primary_statement_share`, round((100 * onPrimary) / (onPrimary + onReplica), 1), '%', {
          primary: onPrimary,
          replica: onReplica,
          perRequestOnPrimary: round(onPrimary / m.requests, 1),
          note: 'pg_stat_statements calls on each server during the measured mix',
        });
        record(`${s}_rps`, round(m.rps, 0), 'req/s', { requests: m.requests, errors: m.errors, errorSamples: m.errorSamples });
        record(`${s}_errors`, m.errors, '');
        record(`${s}_p95`, round(m.p95, 1), 'ms', { p50: round(m.p50, 1), p99: round(m.p99, 1) });
        record(`${s}_rss`, rss, 'MB', { note: `the app's resident memory after ${warmup + seconds} s of the mix` });
      } finally {
        await server.stop();
      }
    }
    await primary.close();
    await replica.close();
  } finally {
    await mail.close();
    await pg.remove();
  }
}
