// npm run db:migrate | db:seed | db:reset   (db:seed -- --books 100000 --users 100000 for large data)
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { sql } from 'drizzle-orm';
import { env, EnvError } from '../env.ts';
import { openDatabase } from './client.ts';
import { databaseConfig } from './index.ts';
import { seed } from './seed.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    users: { type: 'string' },
    // example:start
    books: { type: 'string' },
    // example:end
  },
});
const command = positionals[0];

function count(name: keyof typeof values) {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) {
    console.error(`--${name} must be a whole number`);
    process.exit(2);
  }
  return Number(raw);
}

async function main() {
  if (!['migrate', 'seed', 'reset'].includes(command ?? '')) {
    console.error('usage: cli.ts migrate | seed [--books N] [--users N] | reset');
    process.exit(2);
  }
  const config = databaseConfig(env());
  const where = config.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
  const handle = await openDatabase(config);
  try {
    if (command === 'reset') {
      await handle.db.execute(sql`drop schema if exists drizzle cascade`);
      // The job queue's own tables (pg-boss recreates them at start-up).
      await handle.db.execute(sql`drop schema if exists pgboss cascade`);
      await handle.db.execute(sql`drop schema if exists public cascade`);
      await handle.db.execute(sql`create schema public`);
      console.log(`Dropped every table of the ${where}.`);
    }
    await handle.migrate();
    console.log(`Migrations applied to the ${where}.`);
    if (command === 'seed' || command === 'reset') {
      const bars = new cliProgress.MultiBar(
        {
          format: ' {label} [{bar}] {percentage}% | {value}/{total}',
          hideCursor: true,
          clearOnComplete: false,
          noTTYOutput: true,
          notTTYSchedule: 1000,
        },
        cliProgress.Presets.shades_classic,
      );
      const active = new Map<string, cliProgress.SingleBar>();
      await seed(handle.db, {
        users: count('users'),
        // example:start
        books: count('books'),
        // example:end
        onProgress(label, done, total) {
          let bar = active.get(label);
          if (!bar) {
            bar = bars.create(total, 0, { label: label.padEnd(5) });
            active.set(label, bar);
          }
          bar.update(done);
        },
      });
      bars.stop();
      console.log(`Demo data seeded in the ${where}.`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
