// A missing or bad variable stops every entry a person types with one line that names it: no stack trace,
// exit 1. `npm start` is checked against the production build in e2e/foundation.spec.ts; these need no build.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(tmpdir(), 'env-errors-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (script: string, vars: Record<string, string>) =>
  spawnSync('npm', ['run', '--silent', script], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', AUTH_SECRET: '', PORT: '', ...vars },
    encoding: 'utf8',
    timeout: 60_000,
  });

const NO_SECRET = { NODE_ENV: 'production', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' };
const SECRET_LINE = 'AUTH_SECRET is required in production with DATABASE_URL (at least 32 characters)\n';

describe('a bad variable, on every path', () => {
  it.each(['db:migrate', 'db:seed', 'db:reset'])('%s: production with DATABASE_URL and no AUTH_SECRET', (script) => {
    const result = run(script, NO_SECRET);
    expect(result.stderr).toBe(SECRET_LINE);
    expect(result.status).toBe(1);
  });

  it('npm run dev: a port that is not a number, and the missing secret', () => {
    const port = run('dev', { PORT: 'abc' });
    expect(port.stderr).toBe('PORT must be a port number (0-65535)\n');
    expect(port.status).toBe(1);
    const secret = run('dev', NO_SECRET);
    expect(secret.stderr).toBe(SECRET_LINE);
    expect(secret.status).toBe(1);
  });

  it('db:seed: a storage URL it cannot use', () => {
    const result = run('db:seed', { STORAGE_URL: 'ftp://files.example.com' });
    expect(result.stderr).toBe('STORAGE_URL must start with s3:// (like s3://bucket?endpoint=https://s3.example.com&region=us-east-1)\n');
    expect(result.status).toBe(1);
  });
});
