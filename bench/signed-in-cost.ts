// `node --experimental-strip-types bench/signed-in-cost.ts [path …]`: server CPU and time to first byte per signed-in request (PGlite, or BENCH_DATABASE_URL seeded; BENCH_EMAIL, BENCH_REQUESTS).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cpuMs, postgresCpuMs, startApp } from './lib/processes.ts';
import { signIn, startMailSink } from './lib/sign-in.ts';

const paths = process.argv.length > 2 ? process.argv.slice(2) : ['/api/rpc/books?limit=20', '/app/books', '/api/auth/get-session'];
const requests = Number(process.env.BENCH_REQUESTS ?? 400);
const inFlight = 4;
const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'springboard-cost-'));
const mail = await startMailSink();
const server = await startApp({
  EMAIL_SERVER: mail.url,
  LOG_LEVEL: 'warn',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, AUTH_SECRET: 'bench-secret-'.padEnd(40, 'x') } : { DATA_DIR: dataDir }),
});
try {
  const cookie = await signIn(server.url, mail, process.env.BENCH_EMAIL ?? 'admin@example.com');
  // Each request from its own address, as many people would send them (the auth API counts calls per address).
  let sent = 0;
  const send = async (target: string) => {
    const n = sent++;
    const headers = {
      cookie,
      accept: target.startsWith('/api/') ? 'application/json' : 'text/html',
      'x-forwarded-for': `198.18.${(n >> 8) & 255}.${(n & 255) + 1}`,
    };
    const t0 = performance.now();
    const res = await fetch(server.url + target, { headers, redirect: 'manual' });
    const ttfb = performance.now() - t0;
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${target}: ${res.status}`);
    return ttfb;
  };
  const run = async (target: string, count: number, concurrency: number) => {
    let next = 0;
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next++ < count) times.push(await send(target));
      }),
    );
    return times;
  };
  // The server's code warms up (JIT) on every path first.
  for (let round = 0; round < 3; round++) for (const target of paths) await run(target, 50, inFlight);
  for (const target of paths) {
    const cpu0 = cpuMs(server.pid);
    const pg0 = databaseUrl ? postgresCpuMs() : 0;
    await run(target, requests, inFlight);
    const cpu = (cpuMs(server.pid) - cpu0) / requests;
    const pg = databaseUrl ? `${((postgresCpuMs() - pg0) / requests).toFixed(2).padStart(6)} ms PostgreSQL` : '';
    // One at a time: the time to first byte without queueing behind the other requests.
    const ttfb = (await run(target, 100, 1)).sort((a, b) => a - b)[50]!;
    console.log(`${target.padEnd(28)} ${cpu.toFixed(2).padStart(6)} ms CPU ${ttfb.toFixed(2).padStart(7)} ms TTFB ${pg}`);
  }
} finally {
  await server.stop();
  await mail.close();
  rmSync(dataDir, { recursive: true, force: true });
}
