// Production on a real PostgreSQL never gets here without AUTH_SECRET (env.ts refuses to start).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from './env.ts';

export const AUTH_SECRET_FILE = 'auth-secret';

export function resolveAuthSecret(e: Pick<Env, 'authSecret' | 'dataDir'>): string {
  if (e.authSecret) return e.authSecret;
  if (e.dataDir.startsWith('memory://')) return randomBytes(32).toString('base64url');
  const file = path.join(path.resolve(e.dataDir), AUTH_SECRET_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // 'wx' fails if another process wrote it first; then that one wins and we read it.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}
