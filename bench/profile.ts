// `node --experimental-strip-types bench/profile.ts <path> [requests] [concurrency]`: a CPU profile for an
// admin (`{n}` in the path: the request's number); the `.cpuprofile` goes to bench/report/. BENCH_EMAIL.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOG_DIR, startApp } from './lib/processes.ts';
import { signIn, startMailSink } from './lib/sign-in.ts';

const [target = '/app/books', countArg = '500', concurrencyArg = '4'] = process.argv.slice(2);
const count = Number(countArg);
const concurrency = Number(concurrencyArg);
const profDir = mkdtempSync(path.join(tmpdir(), 'springboard-prof-'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'springboard-prof-data-'));
const mail = await startMailSink();
const env: Record<string, string> = {
  EMAIL_SERVER: mail.url,
  LOG_LEVEL: 'warn',
  NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profDir}`,
  ...(process.env.BENCH_DATABASE_URL
    ? { DATABASE_URL: process.env.BENCH_DATABASE_URL, AUTH_SECRET: 'bench-secret-'.padEnd(40, 'x') }
    : { DATA_DIR: dataDir }),
};
const server = await startApp(env);
try {
  const cookie = await signIn(server.url, mail, process.env.BENCH_EMAIL ?? 'admin@example.com');
  const words = ['ma', 'the', 'son', 'li', 'river', 'an', 'gold', 'e', 'wind', 'ar'];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const n = next++;
        const url =
          server.url + target.replace('{n}', `${words[n % words.length]}${n % 7 === 0 ? '' : String.fromCharCode(97 + (n % 26))}`);
        const res = await fetch(url, { headers: { cookie, accept: target.startsWith('/api') ? 'application/json' : 'text/html' } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  console.log(`${count} × ${target}: ${(count / seconds).toFixed(0)} req/s at ${concurrency} in flight`);
} finally {
  await server.stop();
  await mail.close();
}

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
const profile = JSON.parse(readFileSync(path.join(profDir, file), 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const total = profile.samples.length;
const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const node of profile.nodes) {
  const hits = node.hitCount ?? 0;
  if (!hits) continue;
  const url = node.callFrame.url;
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
    (url.includes('/dist/server/')
      ? 'dist/server (bundled)'
      : url
        ? url.replace(/^.*\/main\//, '')
        : `(${node.callFrame.functionName || 'native'})`);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits);
  const fn = `${node.callFrame.functionName || '(anonymous)'} ${url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + hits);
}
const pct = (n: number) => `${((n / total) * 100).toFixed(1).padStart(5)} %`;
console.log('\nself time by file/package:');
for (const [k, v] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(pct(v), k);
console.log('\nself time by function:');
for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(pct(v), k);
const kept = path.join(LOG_DIR, `profile-${target.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.cpuprofile`);
rmSync(kept, { force: true });
await import('node:fs').then((fs) => fs.copyFileSync(path.join(profDir, file), kept));
console.log(`\nprofile: ${path.relative(process.cwd(), kept)}`);
rmSync(profDir, { recursive: true, force: true });
rmSync(dataDir, { recursive: true, force: true });
