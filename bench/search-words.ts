// `node --experimental-strip-types bench/search-words.ts`: each word's books search time on PostgreSQL
// (BENCH_DATABASE_URL), first and best of two more, slowest first. `BENCH_WORDS=a,b,c` picks the words.
import { FIRST_NAMES, LAST_NAMES, TITLE_WORDS } from '../src/server/db/seed-data.ts';
import { startApp } from './lib/processes.ts';
import { signIn, startMailSink } from './lib/sign-in.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required (a seeded PostgreSQL database)');
const given = (process.env.BENCH_WORDS ?? '').split(',').filter(Boolean);
// The seed's authors use the first 10 first and last names.
const words = given.length
  ? given
  : [...new Set([...TITLE_WORDS, ...FIRST_NAMES.slice(0, 10), ...LAST_NAMES.slice(0, 10)].map((w) => w.toLowerCase()))];

const mail = await startMailSink();
const server = await startApp({
  EMAIL_SERVER: mail.url,
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl,
  AUTH_SECRET: 'bench-secret-'.padEnd(40, 'x'),
});
try {
  const cookie = await signIn(server.url, mail, 'admin@example.com');
  const rows: Array<{ word: string; first: number; best: number; total: number | null }> = [];
  for (const word of words) {
    const times: number[] = [];
    let total: number | null = null;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/rpc/books?limit=20&searchTerm=${encodeURIComponent(word)}`, {
        headers: { cookie, accept: 'application/json' },
      });
      if (res.status !== 200) throw new Error(`${word}: ${res.status}`);
      total = ((await res.json()) as { total: number | null }).total;
      times.push(performance.now() - started);
    }
    rows.push({ word, first: times[0]!, best: Math.min(...times.slice(1)), total });
  }
  rows.sort((a, b) => b.best - a.best);
  for (const r of rows)
    console.log(
      `${r.word.padEnd(12)} first ${r.first.toFixed(1).padStart(7)} ms  best ${r.best.toFixed(1).padStart(7)} ms  total ${r.total}`,
    );
} finally {
  await server.stop();
  await mail.close();
}
