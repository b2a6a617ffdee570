// `npm run bench`: the production build beside a bare Node server, embedded and (BENCH_DATABASE_URL) on PostgreSQL;
// `--large` (bench/large.ts), `--audit` (bench/audit.ts). Knobs: BENCH_DURATION, BENCH_RUNS, BENCH_WARMUP,
// BENCH_CONNECTIONS, BENCH_SKIP=lighthouse,browser,load,mix,uncached,embedded,cpu, BENCH_NO_BUILD=1, BENCH_FRESH_SEED=1,
// BENCH_LIGHTHOUSE_RUNS, and bench/lib/realistic.ts's.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { FIRST_NAMES, LAST_NAMES } from '../src/server/db/seed-data.ts';
import { firstLoad, launchBrowser, type FirstLoad } from './lib/browser.ts';
import { buildUnlessAsked, judge, reportFailure, summaryLine, writeResults, type Figure } from './lib/budget.ts';
import { CATEGORIES, LIGHTHOUSE_RUNS, runLighthouse } from './lib/lighthouse.ts';
import { BROWSER_HEADERS, LOAD, load, median, medianOfRuns, type LoadRun, type LoadTarget } from './lib/load.ts';
import { CPU_PER_REQUEST, measureCpuPerRequest } from './lib/cpu-per-request.ts';
import { LOG_DIR, ROOT, rssMb, startApp, startBaseline, startFloor, type Server } from './lib/processes.ts';
import * as progress from './lib/progress.ts';
import { REALISTIC, measureRealistic, realisticSteps, type RealisticOptions } from './lib/realistic.ts';
import { LARGE, freshLargeDataDir, seedLarge } from './lib/seeded-data.ts';
import { signIn, startMailSink } from './lib/sign-in.ts';
import { pgliteClient, postgresClient } from './lib/workload.ts';
import { measureReplicas, replicasUnavailable } from './lib/replicas.ts';

if (process.argv.includes('--audit')) {
  await import('./audit.ts');
  process.exit();
}

if (process.argv.includes('--large') || process.env.BENCH_LARGE === '1') {
  // A run of its own, not part of the default one.
  await import('./large.ts');
  process.exit();
}

const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const postgresUrl = process.env.BENCH_DATABASE_URL;
const COLD_STARTS = 5;
/** The seed gives every 100th synthetic book this author: ~1 % of the large catalogue. */
const SEARCH_TERM = `${FIRST_NAMES[0]} ${LAST_NAMES[0]}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
const kb = (bytes: number) => round(bytes / 1024, 1);

const figures: Figure[] = [];
/** The floor's CPU per request (bench/lib/floor-server.mjs), once measured on PostgreSQL. */
let floor: number | undefined;
function record(name: string, value: number | string, unit: string, extra: Record<string, unknown> = {}) {
  figures.push({ name, value, unit, ...extra });
  progress.print(`${name}: ${value}${unit ? ` ${unit}` : ''}`);
}

const loadSteps = skip.has('load') ? 0 : 1;
const replicasUnavailableHere = skip.has('replicas') ? undefined : replicasUnavailable();
const replicasOn = !skip.has('replicas') && !replicasUnavailableHere;
const realisticParts: RealisticOptions['parts'] = { mix: !skip.has('mix'), uncached: !skip.has('uncached') };
const realistic = realisticParts.mix || realisticParts.uncached;
const realisticStepCount = realistic ? realisticSteps(realisticParts) : 0;
progress.planSteps(
  (process.env.BENCH_NO_BUILD === '1' ? 0 : 1) +
    4 +
    (skip.has('browser') ? 0 : 1) +
    loadSteps +
    (skip.has('lighthouse') ? 0 : 2) +
    (realisticParts.mix && skip.has('load') ? 1 : 0) +
    realisticStepCount +
    (postgresUrl ? 2 + (skip.has('cpu') ? 0 : 1) + loadSteps + realisticStepCount : 0) +
    (replicasOn ? 3 : 0),
);

const servers: Server[] = [];
const cleanup: Array<() => Promise<void> | void> = [];
async function shutdown() {
  for (const fn of cleanup.reverse()) await fn();
}
process.on('SIGINT', () => void shutdown().finally(() => process.exit(130)));

mkdirSync(LOG_DIR, { recursive: true });
for (const file of readdirSync(LOG_DIR, { withFileTypes: true }).filter((f) => /^server-\d+\.log$/.test(f.name)))
  rmSync(path.join(LOG_DIR, file.name));

try {
  // 1. A production build of the current sources.
  buildUnlessAsked(ROOT, progress.begin);

  // 2. The large embedded database, fresh for this run.
  progress.begin(`embedded database with ${LARGE.books} books and ${LARGE.users} users`);
  const { dataDir, cached } = freshLargeDataDir(() => progress.note('not cached: seeding (about 1.5 min)'));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  progress.note(cached ? 'copied from the cache' : 'seeded');

  const mail = await startMailSink();
  cleanup.push(() => mail.close());
  const appEnv = { DATA_DIR: dataDir, EMAIL_SERVER: mail.url };

  // 3. Cold starts: the baseline's, then the app's on the already migrated database.
  progress.begin(`cold start, median of ${COLD_STARTS} (baseline and app)`);
  const baselineStarts: number[] = [];
  for (let i = 0; i < COLD_STARTS; i++) {
    progress.note(`baseline ${i + 1}/${COLD_STARTS}`);
    const s = await startBaseline();
    baselineStarts.push(s.startMs);
    await s.stop();
  }
  // An unmeasured first start writes what a first start writes (the auth secret) and warms the OS cache.
  progress.note('app: first start');
  await (await startApp(appEnv)).stop();
  const appStarts: number[] = [];
  let app: Server | undefined;
  for (let i = 0; i < COLD_STARTS; i++) {
    progress.note(`app ${i + 1}/${COLD_STARTS}`);
    const s = await startApp(appEnv);
    appStarts.push(s.startMs);
    if (i < COLD_STARTS - 1) await s.stop();
    else servers.push((app = s));
  }
  const embedded = app!;
  cleanup.push(() => embedded.stop());
  record('cold_start_embedded', round(median(appStarts)), 'ms', { runs: appStarts.map((ms) => round(ms)), firstRequest: 'GET /login' });
  record('cold_start_baseline', round(median(baselineStarts)), 'ms', { runs: baselineStarts.map((ms) => round(ms)) });

  // 4. Memory: idle, then after 1000 requests.
  progress.begin('memory (idle, then after 1000 requests)');
  const memory = async (server: Server, suffix: string) => {
    await fetch(`${server.url}/login`, { headers: BROWSER_HEADERS }).then((r) => r.arrayBuffer());
    await sleep(2000);
    record(`idle_rss_${suffix}`, rssMb(server.pid), 'MB');
    for (let k = 0; k < 1000; k++) {
      if (k % 100 === 0) progress.note(`request ${k}/1000`);
      await fetch(`${server.url}/${k % 2 ? 'login' : 'api/health'}`, { headers: BROWSER_HEADERS }).then((r) => r.arrayBuffer());
    }
    record(`rss_after_1000_requests_${suffix}`, rssMb(server.pid), 'MB');
  };
  await memory(embedded, 'embedded');

  // 5. Sessions, and what the server sends: encodings and caching.
  progress.begin('sign in (e-mail code over SMTP); compression and caching headers');
  const userCookie = await signIn(embedded.url, mail, 'user@example.com');
  const adminCookie = await signIn(embedded.url, mail, 'admin@example.com');
  {
    const page = await fetch(`${embedded.url}/login`, { headers: BROWSER_HEADERS });
    const html = await page.text();
    const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
    const css = /\/assets\/[\w.-]+\.css/.exec(html)?.[0];
    if (!scripts.length || !css) throw new Error('no script or stylesheet under /assets/ in /login');
    // Files under 1 KB are sent uncompressed: check the largest script the page links.
    const fetched = await Promise.all(
      scripts.map(async (path) => {
        const res = await fetch(embedded.url + path, { headers: BROWSER_HEADERS });
        return { res, size: (await res.arrayBuffer()).byteLength };
      }),
    );
    const jsRes = fetched.sort((a, b) => b.size - a.size)[0]!.res;
    const cssRes = await fetch(embedded.url + css, { headers: BROWSER_HEADERS });
    await cssRes.arrayBuffer();
    const json = await fetch(`${embedded.url}/api/rpc/books?limit=20`, { headers: { ...BROWSER_HEADERS, cookie: userCookie } });
    await json.arrayBuffer();
    const encoding = (r: Response) => r.headers.get('content-encoding') ?? 'none';
    record('content_encoding_html', encoding(page), '');
    record('content_encoding_js', encoding(jsRes), '');
    record('content_encoding_css', encoding(cssRes), '');
    record('content_encoding_json', encoding(json), '');
    record('hashed_asset_cache_control', jsRes.headers.get('cache-control') ?? 'none', '');
  }

  // 6. First load in Chromium.
  if (!skip.has('browser')) {
    progress.begin('first load in Chromium: /login (en, ar), /app, /app/books, /manager/users, /manager/books, /manager/dashboard');
    const browser = await launchBrowser();
    try {
      const pages: Array<[string, string, string | undefined, string?]> = [
        ['login', '/login', undefined],
        // The Arabic face is the largest file a first load can fetch.
        ['login_ar', '/login', undefined, 'ar'],
        ['app', '/app', userCookie],
        ['app_books', '/app/books', userCookie],
        ['manager_users', '/manager/users', adminCookie],
        ['manager_books', '/manager/books', adminCookie],
        ['manager_dashboard', '/manager/dashboard', adminCookie],
      ];
      for (const [name, pagePath, cookie, locale] of pages) {
        const loads: FirstLoad[] = [];
        for (let i = 0; i < 3; i++) {
          progress.note(`${pagePath} ${i + 1}/3`);
          loads.push(await firstLoad(browser, embedded.url, pagePath, cookie, locale));
        }
        const first = loads[0]!;
        record(`first_load_${name}_js_requests`, first.jsRequests, 'requests');
        record(`first_load_${name}_js_gzip`, kb(first.jsGzipBytes), 'KB', { wireKB: kb(first.jsWireBytes), scripts: first.scripts });
        record(`first_load_${name}_css_gzip`, kb(first.cssGzipBytes), 'KB');
        record(`first_load_${name}_fonts`, kb(first.fontBytes), 'KB', { requests: first.fontRequests, fonts: first.fonts });
        record(`first_load_${name}_hydration`, round(median(loads.map((l) => l.hydrationMs))), 'ms');
      }
    } finally {
      await browser.close();
    }
  }

  // 7. Throughput. Targets take turns run by run, so a slow minute of the machine hurts all alike.
  const baseline = await startBaseline();
  servers.push(baseline);
  cleanup.push(() => baseline.stop());
  const rpsOf: Record<string, LoadRun> = {};
  const measure = async (targets: LoadTarget[]) => {
    const runs = new Map<string, LoadRun[]>(targets.map((t) => [t.name, []]));
    for (const t of targets) {
      progress.note(`${t.label}: warm-up`);
      await load(t, LOAD.warmupSeconds);
    }
    for (let run = 1; run <= LOAD.runs; run++) {
      for (const t of targets) {
        const r = await load(t, LOAD.seconds, (s) => progress.note(`${t.label}: run ${run}/${LOAD.runs}, ${s}/${LOAD.seconds} s`));
        runs.get(t.name)!.push(r);
        if (process.env.BENCH_DEBUG) progress.warn(`${t.name} ${JSON.stringify(r)}`);
      }
    }
    for (const t of targets) {
      const m = medianOfRuns(runs.get(t.name)!);
      if (m.requests === 0) progress.warn(`${t.label}: not one response within ${LOAD.seconds} s`);
      rpsOf[t.name] = m;
    }
  };
  const report = (name: string, percentiles: Array<'p50' | 'p95' | 'p99'>) => {
    const m = rpsOf[name]!;
    const base = rpsOf.baseline!.rps;
    record(`${name}_rps`, round(m.rps), 'req/s', { requests: m.requests, failures: m.failures });
    // No response at all: no latency to show, and the budget line fails.
    for (const p of percentiles) record(`${name}_${p}`, Number.isFinite(m[p]) ? round(m[p], 1) : 'none', Number.isFinite(m[p]) ? 'ms' : '');
    record(`${name}_ratio`, round((m.rps / base) * 100, 1), '%', { baselineRps: round(base) });
    if (m.failures) progress.warn(`${name}: ${m.failures} failed responses`);
  };
  const booksTargets = (server: Server, suffix: string, cookie: string): LoadTarget[] => [
    {
      name: `books_list_${suffix}`,
      label: `books list API (${suffix})`,
      url: `${server.url}/api/rpc/books?limit=20`,
      drainUrl: `${server.url}/api/health`,
      headers: { cookie, accept: 'application/json' },
    },
    {
      name: `books_search_${suffix}`,
      label: `books search API (${suffix})`,
      url: `${server.url}/api/rpc/books?limit=20&searchTerm=${encodeURIComponent(SEARCH_TERM)}`,
      drainUrl: `${server.url}/api/health`,
      headers: { cookie, accept: 'application/json' },
    },
  ];
  const checkSearch = async (server: Server, cookie: string, suffix: string) => {
    const res = await fetch(`${server.url}/api/rpc/books?limit=20&searchTerm=${encodeURIComponent(SEARCH_TERM)}`, { headers: { cookie } });
    const { total } = (await res.json()) as { total: number };
    record(`books_search_${suffix}_matches`, total, 'rows', { searchTerm: SEARCH_TERM });
    if (total < LARGE.books * 0.005 || total > LARGE.books * 0.02)
      progress.warn(`search matches ${total} rows, not ~1 % of ${LARGE.books}`);
  };

  if (!skip.has('load')) {
    progress.begin(`throughput on embedded: ${LOAD.connections} connections, ${LOAD.seconds} s, median of ${LOAD.runs}`);
    await checkSearch(embedded, userCookie, 'embedded');
    const users = await fetch(`${embedded.url}/api/rpc/users?limit=20&searchTerm=${encodeURIComponent(SEARCH_TERM)}`, {
      headers: { cookie: adminCookie },
    });
    record('users_search_embedded_matches', ((await users.json()) as { total: number }).total, 'rows', { searchTerm: SEARCH_TERM });
    const html = { accept: 'text/html' };
    const health = `${embedded.url}/api/health`;
    await measure([
      { name: 'baseline', label: 'baseline (bare Node.js, 20 KB)', url: `${baseline.url}/`, headers: html, drainUrl: `${baseline.url}/` },
      { name: 'ssr_login', label: 'SSR GET /login', url: `${embedded.url}/login`, headers: html, drainUrl: health },
      {
        name: 'ssr_app_books',
        label: 'SSR GET /app/books',
        url: `${embedded.url}/app/books`,
        headers: { ...html, cookie: userCookie },
        drainUrl: health,
      },
      ...booksTargets(embedded, 'embedded', userCookie),
      // The manager's users search stays fast on 100 000 users.
      {
        name: 'users_search_embedded',
        label: 'users search API (embedded)',
        url: `${embedded.url}/api/rpc/users?limit=20&searchTerm=${encodeURIComponent(SEARCH_TERM)}`,
        drainUrl: health,
        headers: { cookie: adminCookie, accept: 'application/json' },
      },
    ]);
    record('baseline_rps', round(rpsOf.baseline!.rps), 'req/s');
    report('ssr_login', ['p99']);
    report('ssr_app_books', ['p99']);
    report('books_list_embedded', ['p50', 'p99']);
    report('books_search_embedded', ['p50', 'p95', 'p99']);
    report('users_search_embedded', ['p50', 'p95', 'p99']);
  }

  // 8. Lighthouse, mobile preset.
  if (!skip.has('lighthouse')) {
    for (const [name, pagePath, cookie] of [
      ['login', '/login', undefined],
      ['app_books', '/app/books', userCookie],
    ] as const) {
      progress.begin(`Lighthouse (mobile) ${pagePath}, the median of ${LIGHTHOUSE_RUNS} runs`);
      const { scores, failing, performanceRuns } = await runLighthouse(embedded.url + pagePath, name, cookie, (run, score) =>
        progress.note(`run ${run}/${LIGHTHOUSE_RUNS}: performance ${score}`),
      );
      for (const c of CATEGORIES) {
        const lost = failing.filter((a) => a.startsWith(`${c}/`));
        record(`lighthouse_${name}_${c.replace('-', '_')}`, scores[c], 'score', lost.length ? { lostPoints: lost } : {});
      }
      record(`lighthouse_${name}_performance_runs`, performanceRuns.join(', '), 'score');
    }
  }
  await embedded.stop();

  // 9. What signed-in people do, on the same embedded database, with fresh servers.
  if (realisticParts.mix && !rpsOf.baseline) {
    progress.begin(`baseline for the mix's share: ${LOAD.connections} connections, ${LOAD.seconds} s`);
    rpsOf.baseline = await load(
      { name: 'baseline', label: 'baseline', url: `${baseline.url}/`, headers: { accept: 'text/html' }, drainUrl: `${baseline.url}/` },
      LOAD.seconds,
    );
  }
  const realisticOn = (suffix: string, db: Pick<RealisticOptions, 'openSql' | 'postgresUrl' | 'startServer'>) =>
    measureRealistic({
      suffix,
      ...db,
      mail,
      baselineRps: rpsOf.baseline?.rps ?? NaN,
      record,
      parts: realisticParts,
      onServer: (s) => servers.push(s),
    });
  if (realisticParts.mix)
    record('mix_realistic_caches', 'none', '', {
      anonymousPages:
        'off for every request of the mix: each carries a session cookie, and the one in-process cache (src/server/http/anonymous-pages.ts) only answers requests without one',
    });
  if (realistic && !skip.has('embedded'))
    await realisticOn('embedded', { openSql: () => pgliteClient(dataDir), startServer: (env = {}) => startApp({ ...appEnv, ...env }) });

  // 10. The same API on PostgreSQL.
  if (postgresUrl) {
    progress.begin(`PostgreSQL: migrate and seed ${LARGE.books} books, ${LARGE.users} users (skipped when present)`);
    seedLarge({ DATABASE_URL: postgresUrl });
    progress.begin('PostgreSQL: start, memory, sign in');
    const pgEnv = { DATABASE_URL: postgresUrl, EMAIL_SERVER: mail.url, AUTH_SECRET: 'bench-secret-'.padEnd(40, 'x') };
    const pg = await startApp(pgEnv);
    servers.push(pg);
    cleanup.push(() => pg.stop());
    await memory(pg, 'postgres');
    // Not a demo account: the 5-codes quota is per address, and this database outlives the run.
    const someone = await pickUser(postgresUrl);
    const pgCookie = await signIn(pg.url, mail, someone);
    if (!skip.has('cpu')) {
      progress.begin(
        `CPU per request by kind, beside the floor (${CPU_PER_REQUEST.rounds} rounds of ${CPU_PER_REQUEST.requests} requests each)`,
      );
      const floorServer = await startFloor(pgEnv);
      servers.push(floorServer);
      try {
        const adminCookie = await signIn(pg.url, mail, await pickUser(postgresUrl, 'admin'));
        floor = await measureCpuPerRequest({
          app: pg,
          floor: floorServer,
          cookies: { user: pgCookie, admin: adminCookie },
          apiKey: await benchApiKey(pg.url, pgCookie, postgresUrl),
          record,
          note: progress.note,
        });
      } finally {
        await floorServer.stop();
      }
    }
    if (!skip.has('load')) {
      progress.begin(`throughput on PostgreSQL: ${LOAD.connections} connections, ${LOAD.seconds} s, median of ${LOAD.runs}`);
      await checkSearch(pg, pgCookie, 'postgres');
      await measure(booksTargets(pg, 'postgres', pgCookie));
      report('books_list_postgres', ['p50', 'p99']);
      report('books_search_postgres', ['p50', 'p95', 'p99']);
    }
    await pg.stop();
    if (realistic) {
      await realisticOn('postgres', {
        openSql: () => postgresClient(postgresUrl),
        postgresUrl,
        startServer: (env = {}) => startApp({ ...pgEnv, ...env }),
      });
      const mixCpu = figures.find((f) => f.name === 'mix_server_cpu_per_request_postgres')?.value;
      if (typeof mixCpu === 'number' && floor) record('mix_server_cpu_per_request_postgres_x_floor', round(mixCpu / floor, 1), '×');
    }
  }
  await baseline.stop();

  // 11. The mix with one streaming replica beside the same without, on servers of its own.
  if (replicasOn) await measureReplicas(record);
  else if (replicasUnavailableHere) progress.warn(`read replicas skipped: ${replicasUnavailableHere}`);

  // 12. The verdict.
  progress.done();
  const judged = judge(figures);
  const seconds = round(progress.elapsedSeconds());
  record('bench_total_time', seconds, 's');
  console.log('');
  console.log('Budget (bench/lib/budget.ts):');
  for (const j of judged) console.log(summaryLine(j));
  const failed = judged.filter((j) => j.verdict === 'FAIL').length;
  console.log(
    `${judged.filter((j) => j.verdict === 'PASS').length} PASS, ${failed} FAIL, ${judged.filter((j) => j.verdict === 'SKIP').length} SKIP`,
  );
  writeResults(
    path.join(ROOT, 'bench/results.json'),
    { ...LOAD, searchTerm: SEARCH_TERM, postgres: Boolean(postgresUrl), skipped: [...skip], realistic: REALISTIC },
    figures,
    judged,
  );
} catch (error) {
  progress.done();
  reportFailure(error, servers);
} finally {
  await shutdown();
}

/** The user's API key for the book list, made through the API; its rate limit (300 a minute) lifted in the database. */
async function benchApiKey(appUrl: string, cookie: string, databaseUrl: string): Promise<string> {
  const made = await fetch(`${appUrl}/api/rpc/account/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'bench', expiresInDays: 1, permissions: { book: ['read'] } }),
  });
  if (!made.ok) throw new Error(`API key: ${made.status} ${await made.text()}`);
  const { id, secret } = (await made.json()) as { id: string; secret: string };
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('update api_key set rate_limit_enabled = false where id = $1', [id]);
  } finally {
    await client.end();
  }
  return secret;
}

async function pickUser(url: string, role: 'user' | 'admin' = 'user'): Promise<string> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string }>(
      `select email from "user" where role = $1 and onboarded_at is not null and banned is not true order by random() limit 1`,
      [role],
    );
    if (!rows[0]) throw new Error(`no seeded ${role} in BENCH_DATABASE_URL`);
    return rows[0].email;
  } finally {
    await client.end();
  }
}
