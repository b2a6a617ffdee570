// `npm run bench -- --large`: uncached searches over 1 000 000 books, embedded and with
// BENCH_LARGE_DATABASE_URL (a database of its own: seeding only adds rows) on PostgreSQL.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildUnlessAsked, judge, reportFailure, summaryLine, writeResults, type Figure } from './lib/budget.ts';
import { LOG_DIR, ROOT, startApp, type Server } from './lib/processes.ts';
import * as progress from './lib/progress.ts';
import { measureRealistic, realisticSteps, REALISTIC, type RealisticOptions } from './lib/realistic.ts';
import { HUGE, freshLargeDataDir, seedLarge } from './lib/seeded-data.ts';
import { startMailSink } from './lib/sign-in.ts';
import { pgliteClient, postgresClient } from './lib/workload.ts';

const postgresUrl = process.env.BENCH_LARGE_DATABASE_URL;
const parts: RealisticOptions['parts'] = { mix: false, uncached: true };
const round = (n: number) => Math.round(n);

const figures: Figure[] = [];
function record(name: string, value: number | string, unit: string, extra: Record<string, unknown> = {}) {
  figures.push({ name, value, unit, ...extra });
  progress.print(`${name}: ${value}${unit ? ` ${unit}` : ''}`);
}

progress.planSteps(
  (process.env.BENCH_NO_BUILD === '1' ? 0 : 1) + 1 + realisticSteps(parts) + (postgresUrl ? 1 + realisticSteps(parts) : 0),
);
const servers: Server[] = [];
const cleanup: Array<() => Promise<void> | void> = [];

try {
  buildUnlessAsked(ROOT, progress.begin);
  progress.begin(`embedded database with ${HUGE.books} books and ${HUGE.users} users`);
  const { dataDir, cached } = freshLargeDataDir(() => progress.note('not cached: seeding (several minutes)'), HUGE);
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  progress.note(cached ? 'copied from the cache' : 'seeded');
  const mail = await startMailSink();
  cleanup.push(() => mail.close());
  const common = { mail, baselineRps: NaN, record, parts, onServer: (s: Server) => servers.push(s) };
  await measureRealistic({
    ...common,
    suffix: 'large_embedded',
    openSql: () => pgliteClient(dataDir),
    startServer: (env = {}) => startApp({ DATA_DIR: dataDir, EMAIL_SERVER: mail.url, ...env }),
  });
  if (postgresUrl) {
    progress.begin(`PostgreSQL: migrate and seed ${HUGE.books} books, ${HUGE.users} users (skipped when present)`);
    seedLarge({ DATABASE_URL: postgresUrl }, HUGE);
    await measureRealistic({
      ...common,
      suffix: 'large_postgres',
      openSql: () => postgresClient(postgresUrl),
      postgresUrl,
      startServer: (env = {}) =>
        startApp({ DATABASE_URL: postgresUrl, EMAIL_SERVER: mail.url, AUTH_SECRET: 'bench-secret-'.padEnd(40, 'x'), ...env }),
    });
  }

  progress.done();
  const judged = judge(figures, 'large');
  record('bench_total_time', round(progress.elapsedSeconds()), 's');
  console.log('');
  console.log('Budget (issue #20, 1 000 000 books):');
  for (const j of judged) console.log(summaryLine(j));
  console.log(`${judged.filter((j) => j.verdict === 'PASS').length} PASS, ${judged.filter((j) => j.verdict === 'FAIL').length} FAIL`);
  writeResults(
    path.join(LOG_DIR, 'results-large.json'),
    { ...HUGE, searchSeconds: REALISTIC.searchSeconds, postgres: Boolean(postgresUrl) },
    figures,
    judged,
  );
} catch (error) {
  progress.done();
  reportFailure(error, servers);
} finally {
  for (const fn of cleanup.reverse()) await fn();
}
