import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTH_SECRET_FILE, resolveAuthSecret } from './auth-secret.ts';

describe('resolveAuthSecret', () => {
  it('uses AUTH_SECRET when it is set', () => {
    expect(resolveAuthSecret({ authSecret: 's'.repeat(40), dataDir: '/nonexistent' })).toBe('s'.repeat(40));
  });

  it('generates a secret once in DATA_DIR, readable only by the owner, and reuses it', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'sb-secret-')), 'nested');
    const first = resolveAuthSecret({ authSecret: undefined, dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, AUTH_SECRET_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret({ authSecret: undefined, dataDir })).toBe(first);
  });

  it('uses a new random secret for a throwaway in-memory database', () => {
    const a = resolveAuthSecret({ authSecret: undefined, dataDir: 'memory://' });
    const b = resolveAuthSecret({ authSecret: undefined, dataDir: 'memory://' });
    expect(a).not.toBe(b);
  });
});
