// The database scripts run the sources in plain Node (type stripping): every module they reach must load there.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(tmpdir(), 'db-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--experimental-strip-types', '--no-warnings=ExperimentalWarning', 'src/server/db/cli.ts', ...args], {
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 120_000,
  });

describe('database scripts in plain Node', () => {
  it('migrates, then seeds the embedded database', () => {
    const migrated = cli('migrate');
    expect(migrated.stderr).toBe('');
    expect(migrated.status).toBe(0);
    expect(migrated.stdout).toContain('Migrations applied to the embedded database');
    const seeded = cli('seed');
    expect(seeded.status, seeded.stderr).toBe(0);
    expect(seeded.stdout).toContain('Demo data seeded in the embedded database');
  }, 180_000);
});
