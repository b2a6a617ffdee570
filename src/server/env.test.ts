import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

const parse = (vars: Record<string, string>) => parseEnv({ NODE_ENV: 'production', ...vars });

describe('parseEnv', () => {
  it('applies the contract defaults', () => {
    const e = parseEnv({});
    expect(e.mode).toBe('development');
    expect(e.port).toBe(3000);
    expect(e.host).toBe('127.0.0.1');
    expect(e.baseUrl).toBe('http://localhost:3000');
    expect(e.database).toEqual({ kind: 'pglite', dataDir: './.data' });
    expect(e.auth.signupEnabled).toBe(true);
    expect(e.auth.otpExpirationMinutes).toBe(5);
    expect(e.auth.sessionExpirationSeconds).toBe(2_592_000);
    expect(e.email.from).toBe('Springboard <noreply@example.com>');
    expect(e.demoMode).toBe(false);
    expect(e.banner).toEqual({ name: 'LOCAL', emoji: '🚧', color: 'gold' });
    expect(e.logLevel).toBe('info');
    expect(e.auditRetentionDays).toBe(365);
  });

  it('uses production defaults: 0.0.0.0, no banner unless ENV_NAME is set, plum', () => {
    expect(parse({}).host).toBe('0.0.0.0');
    expect(parse({}).banner).toBeUndefined();
    expect(parse({ ENV_NAME: 'Preview' }).banner).toEqual({ name: 'Preview', emoji: '', color: 'plum' });
    expect(parse({ ENV_NAME: 'Preview', ENV_COLOR: 'hotpink', ENV_EMOJI: '🧪' }).banner).toEqual({
      name: 'Preview',
      emoji: '🧪',
      color: 'hotpink',
    });
  });

  it('derives BASE_URL from PORT', () => {
    expect(parse({ PORT: '4123' }).baseUrl).toBe('http://localhost:4123');
  });

  it('rejects an invalid BASE_URL with the exact contract message', () => {
    expect(() => parse({ BASE_URL: 'not-a-url' })).toThrow(new EnvError('Invalid base URL: not-a-url. Please provide a valid base URL.'));
    expect(() => parse({ BASE_URL: 'ftp://example.com' })).toThrow('Invalid base URL: ftp://example.com. Please provide a valid base URL.');
  });

  it("accepts only 'true' or 'false' for DEMO_MODE", () => {
    expect(parse({ DEMO_MODE: 'true' }).demoMode).toBe(true);
    expect(() => parse({ DEMO_MODE: 'maybe' })).toThrow("DEMO_MODE must be 'true' or 'false'");
    expect(() => parse({ AUTH_SIGNUP_ENABLED: 'yes' })).toThrow("AUTH_SIGNUP_ENABLED must be 'true' or 'false'");
  });

  it('names the variable in every error', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ PORT: 'abc' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
      [{ EMAIL_SERVER: 'http://x' }, 'EMAIL_SERVER'],
      [{ AUTH_OTP_EXPIRATION_MINUTES: '0' }, 'AUTH_OTP_EXPIRATION_MINUTES'],
      [{ AUTH_OTP_EXPIRATION_MINUTES: '-1' }, 'AUTH_OTP_EXPIRATION_MINUTES'],
      [{ AUTH_SESSION_EXPIRATION_SECONDS: '1.5' }, 'AUTH_SESSION_EXPIRATION_SECONDS'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
      [{ AUDIT_RETENTION_DAYS: '0' }, 'AUDIT_RETENTION_DAYS'],
      [{ AUDIT_RETENTION_DAYS: 'forever' }, 'AUDIT_RETENTION_DAYS'],
      [{ API_WRITES_PER_MINUTE: '0' }, 'API_WRITES_PER_MINUTE'],
      [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
      [{ GITHUB_CLIENT_ID: 'id' }, 'GITHUB_CLIENT_SECRET'],
      [{ OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 's' }, 'OIDC_ISSUER'],
      [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
      [{ METRICS_PORT: 'nine' }, 'METRICS_PORT'],
      [{ METRICS_PORT: '0' }, 'METRICS_PORT'],
      [{ PORT: '4000', METRICS_PORT: '4000' }, 'METRICS_PORT must differ from PORT'],
    ];
    for (const [vars, name] of cases) {
      expect(() => parse(vars), JSON.stringify(vars)).toThrow(name);
    }
  });

  it('requires AUTH_SECRET in production on a real PostgreSQL, not on the embedded database', () => {
    expect(() => parse({ DATABASE_URL: 'postgres://localhost/db' })).toThrow('AUTH_SECRET is required');
    expect(parse({ DATABASE_URL: 'postgres://localhost/db', AUTH_SECRET: 'x'.repeat(32) }).database.kind).toBe('postgres');
    expect(parseEnv({ DATABASE_URL: 'postgres://localhost/db' }).database.kind).toBe('postgres');
  });

  it('treats empty values as unset and parses lists and providers', () => {
    const e = parse({
      PORT: '',
      ADMIN_USER_IDS: ' a, b ,,c ',
      OIDC_ISSUER: 'http://127.0.0.1:9999',
      OIDC_CLIENT_ID: 'c',
      OIDC_CLIENT_SECRET: 's',
    });
    expect(e.port).toBe(3000);
    expect(e.auth.adminUserIds).toEqual(['a', 'b', 'c']);
    expect(e.auth.oidc).toEqual({ issuer: 'http://127.0.0.1:9999', clientId: 'c', clientSecret: 's', name: 'OpenID Connect' });
    expect(e.auth.github).toBeUndefined();
  });

  it('reads STORAGE_URL and the upload limits', () => {
    expect(parse({ DATA_DIR: '/srv/data/' }).storage).toEqual({ kind: 'local', dir: '/srv/data/uploads' });
    expect(parse({}).uploads).toEqual({ maxBytes: 5_242_880, maxPixels: 40_000_000 });
    expect(parse({ STORAGE_URL: 's3://pictures?endpoint=http://127.0.0.1:9000&region=eu-west-3' }).storage).toEqual({
      kind: 's3',
      bucket: 'pictures',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      forcePathStyle: true,
    });
    expect(parse({ STORAGE_URL: 's3://pictures' }).storage).toEqual({
      kind: 's3',
      bucket: 'pictures',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    const example = '(like s3://bucket?endpoint=https://s3.example.com&region=us-east-1)';
    expect(() => parse({ STORAGE_URL: 'https://bucket' })).toThrow(`STORAGE_URL must start with s3:// ${example}`);
    expect(() => parse({ STORAGE_URL: 's3://b?endpoint=ftp://x' })).toThrow(`STORAGE_URL must name a bucket ${example}`);
    expect(() => parse({ STORAGE_URL: 's3://bucket?endpoint=ftp://x' })).toThrow(`STORAGE_URL endpoint must be an http(s) URL ${example}`);
    expect(() => parse({ UPLOAD_MAX_BYTES: '5MB' })).toThrow('UPLOAD_MAX_BYTES must be a positive whole number');
    expect(() => parse({ UPLOAD_MAX_PIXELS: '0' })).toThrow('UPLOAD_MAX_PIXELS must be a positive whole number');
  });

  it("reads DATABASE_POOL_MAX for a real PostgreSQL's pool, a positive whole number", () => {
    const url = 'postgres://localhost/db';
    expect(parseEnv({ DATABASE_URL: url, DATABASE_POOL_MAX: '4' }).database).toEqual({ kind: 'postgres', url, poolMax: 4 });
    expect(parseEnv({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
    expect(() => parseEnv({ DATABASE_URL: url, DATABASE_POOL_MAX: '0' })).toThrow('DATABASE_POOL_MAX must be a positive whole number');
    expect(() => parseEnv({ DATABASE_URL: url, DATABASE_POOL_MAX: 'ten' })).toThrow('DATABASE_POOL_MAX must be a positive whole number');
  });
});
