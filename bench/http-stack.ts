// `BENCH_DATABASE_URL=… node --experimental-strip-types bench/http-stack.ts <build A> <build B> [rounds]`: two built checkouts
// on one seeded database, A B then B A; server CPU time, not throughput, so it holds on a busy machine. BENCH_A_ENV and
// BENCH_B_ENV (`KEY=VALUE,…`), BENCH_KINDS (`0,2`: rows of KINDS), BENCH_BURST_SECONDS, BENCH_VERBOSE (every round).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { httpClient, type HttpClient, type HttpRequest } from './lib/http-client.ts';
import { BROWSER_HEADERS } from './lib/load.ts';
import { ADMIN_SHARE, BENCH_TITLE_PREFIX, createMix, runMix, type Mix } from './lib/mix.ts';
import { threadCpuMs as cpuMs } from './lib/processes.ts';
import { signInAll, startMailSink } from './lib/sign-in.ts';
import { postgresClient, prepareWorkload, restore } from './lib/workload.ts';

const [rootA, rootB, roundsArg = '10'] = process.argv.slice(2);
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!rootA || !rootB || !databaseUrl) throw new Error('usage: BENCH_DATABASE_URL=… bench/http-stack.ts <build A> <build B> [rounds]');
const rounds = Number(roundsArg);
/** Long enough that a garbage collection or two is spread over many requests. */
const BURST_MS = Number(process.env.BENCH_BURST_SECONDS ?? 2) * 1000;
const IN_FLIGHT = 4;
const SEQUENTIAL = 30;
const SESSIONS = 20;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const envOf = (spec = '') =>
  Object.fromEntries(
    spec
      .split(',')
      .filter(Boolean)
      .map((kv) => kv.split('=') as [string, string]),
  );
const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

const sql = await postgresClient(databaseUrl);
const workload = await prepareWorkload(sql, { sessions: SESSIONS, adminShare: ADMIN_SHARE });
const mail = await startMailSink();

async function start(root: string, extra: Record<string, string>, side: number) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: url,
      DATABASE_URL: databaseUrl!,
      AUTH_SECRET: 'bench-secret-'.padEnd(40, 'x'),
      EMAIL_SERVER: mail.url,
      LOG_LEVEL: 'warn',
      API_WRITES_PER_MINUTE: '1000000',
      ...extra,
    },
  });
  for (
    let i = 0;
    !(await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    if (i > 1200 || child.exitCode !== null) throw new Error(`${root} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const client = httpClient(url, IN_FLIGHT);
  const ipOf = (i: number) => `198.18.${side}.${i + 1}`;
  const cookies = await signInAll(
    url,
    mail,
    workload.people.map((p, i) => ({ email: p.email, ip: ipOf(i) })),
  );
  const sessions = workload.people.map((p, i) => ({ cookie: cookies[i]!, ip: ipOf(i), admin: p.admin, userId: p.id, name: p.name }));
  const mix = createMix(url, sessions, workload, 20);
  const user = sessions.find((s) => !s.admin)!.cookie;
  const admin = sessions.find((s) => s.admin)!.cookie;
  // The largest script of the first load.
  const page = (await client.send({ method: 'GET', path: '/login', headers: { accept: 'text/html' } })).raw.toString();
  const scripts = [...new Set(page.match(/\/assets\/[^"]+\.js/g) ?? [])];
  const sizes = await Promise.all(scripts.map(async (s) => (await client.send({ method: 'GET', path: s, headers: {} })).raw.length));
  const asset = scripts[sizes.indexOf(Math.max(...sizes))];
  if (!asset) throw new Error('no script on /login');
  return { url, pid: child.pid!, client, mix, user, admin, asset, stop: () => child.kill('SIGTERM') };
}
type App = Awaited<ReturnType<typeof start>>;

const page = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const json = 'application/json';
/** One request of each kind, as a browser sends it. The mix is `bench/lib/mix.ts`'s, at 4 in flight. */
const KINDS: Array<[string, (app: App) => HttpRequest | Mix]> = [
  [
    'GET /api/rpc/books?limit=20 (signed in)',
    (a) => ({ method: 'GET', path: '/api/rpc/books?limit=20', headers: { accept: json, cookie: a.user } }),
  ],
  [
    'POST /api/rpc/books (admin)',
    (a) => ({
      method: 'POST',
      path: '/api/rpc/books',
      headers: { accept: json, origin: a.url, cookie: a.admin },
      body: { title: `${BENCH_TITLE_PREFIX}${Math.random()}`, author: 'Bench Author' },
    }),
  ],
  ['GET /login (anonymous)', () => ({ method: 'GET', path: '/login', headers: { accept: page } })],
  ['GET the largest script of /login', (a) => ({ method: 'GET', path: a.asset, headers: { accept: '*/*' } })],
  ['GET /app/books (signed in)', (a) => ({ method: 'GET', path: '/app/books', headers: { accept: page, cookie: a.user } })],
  [
    'GET /api/auth/get-session (signed in)',
    (a) => ({ method: 'GET', path: '/api/auth/get-session', headers: { accept: json, cookie: a.user } }),
  ],
  ['the realistic mix (last: its median)', (a) => a.mix],
];
const chosen = (process.env.BENCH_KINDS ?? '').split(',').filter(Boolean).map(Number);
const kinds = KINDS.filter((_, i) => !chosen.length || chosen.includes(i));

interface Figures {
  cpu: number;
  ttfb: number;
  /** To the last byte; for the mix, its median. */
  last: number;
  bytes: number;
  answer: string;
}

async function measure(app: App, make: (app: App) => HttpRequest | Mix): Promise<Figures> {
  const cpu0 = cpuMs(app.pid);
  const what = make(app);
  if ('next' in what) {
    const run = await runMix(app.client, what, { connections: IN_FLIGHT, seconds: BURST_MS / 1000 });
    return { cpu: (cpuMs(app.pid) - cpu0) / run.requests, ttfb: NaN, last: run.p50, bytes: NaN, answer: `${run.errors} errors` };
  }
  const send = (client: HttpClient) => {
    const req = make(app) as HttpRequest;
    return client.send({ ...req, headers: { ...BROWSER_HEADERS, ...req.headers } });
  };
  let done = 0;
  let bytes = 0;
  const statuses = new Set<number>();
  const until = performance.now() + BURST_MS;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < until) {
        const answer = await send(app.client);
        done++;
        bytes += answer.raw.length;
        statuses.add(answer.status);
      }
    }),
  );
  const cpu = (cpuMs(app.pid) - cpu0) / done;
  const ttfb: number[] = [];
  const last: number[] = [];
  let encoding = '';
  for (let i = 0; i < SEQUENTIAL; i++) {
    const answer = await send(app.client);
    ttfb.push(answer.headersMs);
    last.push(answer.ms);
    encoding = String(answer.headers['content-encoding'] ?? 'identity');
  }
  return { cpu, ttfb: median(ttfb), last: median(last), bytes: bytes / done, answer: `${encoding} ${[...statuses].join('/')}` };
}

const a = await start(path.resolve(rootA), envOf(process.env.BENCH_A_ENV), 1);
const b = await start(path.resolve(rootB), envOf(process.env.BENCH_B_ENV), 2);
try {
  const results = kinds.map(() => ({ a: [] as Figures[], b: [] as Figures[] }));
  // Each server's code is optimised before anything counts.
  for (const [, make] of kinds) await Promise.all([measure(a, make), measure(b, make)]);
  for (let r = 0; r < rounds; r++) {
    for (const [i, [, make]] of kinds.entries()) {
      // A B, then B A: neither side always follows the other's burst.
      if (r % 2) results[i]!.b.push(await measure(b, make));
      results[i]!.a.push(await measure(a, make));
      if (!(r % 2)) results[i]!.b.push(await measure(b, make));
    }
    process.stderr.write(`round ${r + 1}/${rounds}\n`);
  }
  console.log(`${BURST_MS / 1000} s bursts at ${IN_FLIGHT} in flight, TTFB of ${SEQUENTIAL} one at a time; medians of ${rounds} rounds`);
  console.log(`A ${rootA} ${process.env.BENCH_A_ENV ?? ''}\nB ${rootB} ${process.env.BENCH_B_ENV ?? ''}`);
  const f = (n: number) => (Number.isNaN(n) ? '' : n.toFixed(2)).padStart(7);
  const ratio = (xa: number[], xb: number[]) => (Number.isNaN(xa[0]!) ? '' : median(xb.map((x, i) => x / xa[i]!)).toFixed(2)).padStart(4);
  console.log(
    `${'request'.padEnd(40)} ${'CPU ms A'.padStart(8)} ${'B'.padStart(7)}  B/A ${'TTFB A'.padStart(7)} ${'B'.padStart(7)}  B/A ${'last A'.padStart(7)} ${'B'.padStart(7)}  B/A  body bytes A / B`,
  );
  for (const [i, [name]] of kinds.entries()) {
    const { a: ra, b: rb } = results[i]!;
    const columns = (['cpu', 'ttfb', 'last'] as const).map((k) => [ra.map((x) => x[k]), rb.map((x) => x[k])] as const);
    const answer = (x: Figures) => `${Number.isNaN(x.bytes) ? '' : Math.round(x.bytes)} ${x.answer}`;
    const cells = columns.map(([xa, xb]) => `${f(median(xa))} ${f(median(xb))} ${ratio(xa, xb)}`).join(' ');
    console.log(`${name.padEnd(40)} ${cells}  ${answer(ra[0]!)} / ${answer(rb[0]!)}`);
    if (process.env.BENCH_VERBOSE) {
      const round = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' ');
      for (const [k, [xa, xb]] of columns.entries()) console.log(`  ${['CPU', 'TTFB', 'last'][k]} A ${round(xa)}\n  B ${round(xb)}`);
    }
  }
  console.log("(B/A: the median of the rounds' ratios)");
} finally {
  a.stop();
  b.stop();
  a.client.close();
  b.client.close();
  await mail.close();
  await restore(sql, workload.people, BENCH_TITLE_PREFIX);
  await sql.close();
}
