// Seeding takes minutes, so the seeded folder is cached in node_modules/.cache/springboard-bench/ under a key
// of everything that shapes it; every run works on a fresh copy. `BENCH_FRESH_SEED=1` ignores the cache.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './processes.ts';

export interface DataSize {
  books: number;
  users: number;
}

export const LARGE: DataSize = { books: 100_000, users: 100_000 };
export const HUGE: DataSize = { books: 1_000_000, users: 100_000 };

const CACHE = path.join(ROOT, 'node_modules/.cache/springboard-bench');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

function cacheKey(size: DataSize): string {
  const hash = createHash('sha256');
  const inputs = [
    ...filesUnder(path.join(ROOT, 'drizzle')),
    ...['schema.ts', 'seed.ts', 'seed-data.ts', 'client.ts'].map((f) => path.join(ROOT, 'src/server/db', f)),
    path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'),
  ];
  for (const file of inputs) hash.update(path.relative(ROOT, file)).update(readFileSync(file));
  hash.update(JSON.stringify(size));
  return hash.digest('hex').slice(0, 16);
}

export function seedLarge(env: Record<string, string>, size: DataSize = LARGE): void {
  const result = spawnSync(
    process.execPath,
    [
      '--experimental-strip-types',
      '--no-warnings=ExperimentalWarning',
      'src/server/db/cli.ts',
      'seed',
      '--books',
      String(size.books),
      '--users',
      String(size.users),
    ],
    { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`seeding failed:\n${result.stdout}\n${result.stderr}`);
}

/** The caller deletes it. `onSeed` is called when it is not in the cache. */
export function freshLargeDataDir(onSeed: () => void, size: DataSize = LARGE): { dataDir: string; cached: boolean } {
  const sized = `pglite-${size.books}x${size.users}-`;
  const cached = path.join(CACHE, `${sized}${cacheKey(size)}`);
  const hit = existsSync(cached) && process.env.BENCH_FRESH_SEED !== '1';
  if (!hit) {
    onSeed();
    mkdirSync(CACHE, { recursive: true });
    const building = mkdtempSync(path.join(CACHE, 'seeding-'));
    seedLarge({ DATA_DIR: building }, size);
    // Older copies of this size, unnamed old copies, and seedings left by interrupted runs.
    for (const old of readdirSync(CACHE))
      if (old !== path.basename(building) && (old.startsWith(sized) || !/^pglite-\d+x\d+-/.test(old)))
        rmSync(path.join(CACHE, old), { recursive: true, force: true });
    renameSync(building, cached);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'springboard-bench-'));
  cpSync(cached, dataDir, { recursive: true });
  return { dataDir, cached: hit };
}
