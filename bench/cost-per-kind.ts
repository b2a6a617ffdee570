// `node --experimental-strip-types bench/cost-per-kind.ts [path …]`: CPU per request of each kind of the mix,
// app and PostgreSQL (BENCH_DATABASE_URL, BENCH_SESSIONS, BENCH_KIND_SECONDS, BENCH_KINDS=a,b|writes).
import { httpClient } from './lib/http-client.ts';
import { BROWSER_HEADERS } from './lib/load.ts';
import {
  ADMIN_SHARE,
  BENCH_TITLE_PREFIX,
  WEIGHTS,
  WRITE_WEIGHTS,
  createMix,
  runMix,
  shareOf,
  type Kind,
  type MixSession,
} from './lib/mix.ts';
import { cpuMs, postgresCpuMs, startApp } from './lib/processes.ts';
import { signInAll, startMailSink } from './lib/sign-in.ts';
import { postgresClient, prepareWorkload, restore } from './lib/workload.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required (a seeded PostgreSQL database)');
const seconds = Number(process.env.BENCH_KIND_SECONDS ?? 8);
const sessionCount = Number(process.env.BENCH_SESSIONS ?? 20);
const inFlight = 4;

const WRITES = Object.keys(WRITE_WEIGHTS) as Kind[];
const only = (kinds: Kind[]) => Object.fromEntries(kinds.map((k) => [k, WEIGHTS[k]])) as Partial<Record<Kind, number>>;
const groups: Array<{ name: string; weights: Partial<Record<Kind, number>> }> = [
  ...(Object.keys(WEIGHTS) as Kind[]).filter((k) => !WRITES.includes(k)).map((k) => ({ name: k, weights: only([k]) })),
  { name: 'writes', weights: WRITE_WEIGHTS },
];
const chosen = (process.env.BENCH_KINDS ?? '').split(',').filter(Boolean);

const sql = await postgresClient(databaseUrl);
const workload = await prepareWorkload(sql, { sessions: sessionCount, adminShare: ADMIN_SHARE });
const mail = await startMailSink();
const server = await startApp({ EMAIL_SERVER: mail.url, DATABASE_URL: databaseUrl, AUTH_SECRET: 'bench-secret-'.padEnd(40, 'x') });
const client = httpClient(server.url, inFlight);
try {
  const ipOf = (i: number) => `198.19.${(i >> 8) & 255}.${(i & 255) + 1}`;
  const people = workload.people;
  const cookies = await signInAll(
    server.url,
    mail,
    people.map((p, i) => ({ email: p.email, ip: ipOf(i) })),
  );
  const sessions: MixSession[] = people.map((p, i) => ({ cookie: cookies[i]!, ip: ipOf(i), admin: p.admin, userId: p.id, name: p.name }));

  /** `rps` undefined for the weighted line, which has no throughput of its own. */
  const row = (name: string, cpu: number, pg: number, rps: number | undefined, weight = '') =>
    console.log(
      `${name.padEnd(34)} ${cpu.toFixed(2).padStart(7)} ms ${pg.toFixed(2).padStart(9)} ms ${(rps?.toFixed(0) ?? '').padStart(8)} ${weight.padStart(7)}`,
    );
  /** After 2 s of the same. */
  const measure = async (run: (s: number) => Promise<{ requests: number; seconds: number; errors: number }>) => {
    await run(2);
    const cpu0 = cpuMs(server.pid);
    const pg0 = postgresCpuMs();
    const r = await run(seconds);
    if (r.errors) console.warn(`  (${r.errors} errors)`);
    return { cpu: (cpuMs(server.pid) - cpu0) / r.requests, pg: (postgresCpuMs() - pg0) / r.requests, rps: r.requests / r.seconds };
  };

  // The server's code warms up (JIT) on the whole mix first, not on the first kind measured.
  await runMix(client, createMix(server.url, sessions, workload, 19), { connections: inFlight, seconds: 5 });
  console.log(
    `${'kind'.padEnd(34)} ${'server CPU'.padStart(10)} ${'PostgreSQL'.padStart(12)} ${'req/s'.padStart(8)} ${'share'.padStart(7)}`,
  );
  console.log(`(${inFlight} in flight, ${seconds} s each after 2 s, ${sessions.length} people, the mix's own requests)`);
  let weightedCpu = 0;
  let weightedPg = 0;
  for (const group of groups) {
    if (chosen.length && !chosen.includes(group.name)) continue;
    const mix = createMix(server.url, sessions, workload, 20, group.weights);
    const m = await measure((s) => runMix(client, mix, { connections: inFlight, seconds: s }));
    weightedCpu += shareOf(group.weights) * m.cpu;
    weightedPg += shareOf(group.weights) * m.pg;
    row(group.name, m.cpu, m.pg, m.rps, `${(shareOf(group.weights) * 100).toFixed(0)} %`);
  }
  if (!chosen.length) {
    const mix = createMix(server.url, sessions, workload, 20);
    const m = await measure((s) => runMix(client, mix, { connections: inFlight, seconds: s }));
    row('the mix', m.cpu, m.pg, m.rps);
    row('each kind by its share of the mix', weightedCpu, weightedPg, undefined);
  }

  const admin = sessions.find((s) => s.admin)!;
  for (const path of process.argv.slice(2)) {
    const accept = path.startsWith('/api/') ? 'application/json' : 'text/html';
    const headers = { ...BROWSER_HEADERS, accept, cookie: admin.cookie, 'x-forwarded-for': admin.ip };
    const m = await measure(async (s) => {
      const end = performance.now() + s * 1000;
      let requests = 0;
      let errors = 0;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (performance.now() < end) {
            const answer = await client.send({ method: 'GET', path, headers });
            requests++;
            if (answer.status !== 200) errors++;
          }
        }),
      );
      return { requests, errors, seconds: (performance.now() - t0) / 1000 };
    });
    row(path, m.cpu, m.pg, m.rps);
  }
} finally {
  client.close();
  await server.stop();
  await mail.close();
  await restore(sql, workload.people, BENCH_TITLE_PREFIX);
  await sql.close();
}
