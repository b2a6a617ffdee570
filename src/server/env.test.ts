import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';
import { identity } from '../lib/identity.ts';

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
    expect(e.email.from).toBe(`${identity.name} <noreply@example.com>`);
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

  it('reads AUTH_TWO_FACTOR as optional, admins or all, and stops at anything else', () => {
    expect(parse({}).auth.twoFactor).toBe('optional');
    expect(parse({ AUTH_TWO_FACTOR: 'admins' }).auth.twoFactor).toBe('admins');
    expect(parse({ AUTH_TWO_FACTOR: 'all' }).auth.twoFactor).toBe('all');
    expect(() => parse({ AUTH_TWO_FACTOR: 'sometimes' })).toThrow('AUTH_TWO_FACTOR must be one of optional, admins, all');
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
      [{ METRICS_HOST: 'metrics.internal' }, 'METRICS_HOST'],
    ];
    for (const [vars, name] of cases) {
      expect(() => parse(vars), JSON.stringify(vars)).toThrow(name);
    }
  });

  it('G12: serves the metrics on 127.0.0.1 unless METRICS_HOST says otherwise, whatever HOST', () => {
    expect(parse({}).host).toBe('0.0.0.0');
    expect(parse({}).metricsHost).toBe('127.0.0.1');
    expect(parse({ HOST: '0.0.0.0', METRICS_PORT: '9464' }).metricsHost).toBe('127.0.0.1');
    expect(parse({ METRICS_HOST: '10.0.0.5' }).metricsHost).toBe('10.0.0.5');
    expect(parse({ METRICS_HOST: '::' }).metricsHost).toBe('::');
    expect(() => parse({ METRICS_HOST: '127.0.0.1:9464' })).toThrow('METRICS_HOST must be an IP address');
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

  it('reads DATABASE_REPLICA_URLS as a list of PostgreSQL URLs, and none when unset', () => {
    const url = 'postgres://localhost/db';
    expect(parseEnv({ DATABASE_URL: url }).replicas).toEqual({ urls: [], maxLagSeconds: 5, readYourWritesSeconds: 10 });
    expect(parseEnv({}).replicas.urls).toEqual([]);
    expect(
      parseEnv({ DATABASE_URL: url, DATABASE_REPLICA_URLS: ' postgres://r1:5432/db, postgresql://u:p@r2/db ,' }).replicas.urls,
    ).toEqual(['postgres://r1:5432/db', 'postgresql://u:p@r2/db']);
    expect(
      parseEnv({
        DATABASE_URL: url,
        DATABASE_REPLICA_URLS: 'postgres://r1/db',
        DATABASE_REPLICA_MAX_LAG_SECONDS: '20',
        DATABASE_READ_YOUR_WRITES_SECONDS: '30',
      }).replicas,
    ).toEqual({ urls: ['postgres://r1/db'], maxLagSeconds: 20, readYourWritesSeconds: 30 });
  });

  it('stops on a bad replica URL with one line naming the entry, without its password', () => {
    const url = 'postgres://localhost/db';
    expect(() => parseEnv({ DATABASE_URL: url, DATABASE_REPLICA_URLS: 'postgres://r1/db,mysql://u:secret@r2/db' })).toThrow(
      new EnvError('DATABASE_REPLICA_URLS: entry 2 (mysql://…@r2/db) must be a URL like postgres://user:pass@replica:5432/db'),
    );
    expect(() => parseEnv({ DATABASE_URL: url, DATABASE_REPLICA_URLS: 'replica-host' })).toThrow(
      'DATABASE_REPLICA_URLS: entry 1 (replica-host) must be a URL',
    );
    expect(() => parseEnv({ DATABASE_REPLICA_URLS: 'postgres://r1/db' })).toThrow(
      'DATABASE_REPLICA_URLS needs DATABASE_URL: the embedded database has no replicas',
    );
    expect(() => parseEnv({ DATABASE_URL: url, DATABASE_REPLICA_MAX_LAG_SECONDS: '10' })).toThrow(
      'DATABASE_READ_YOUR_WRITES_SECONDS (10) must be at least DATABASE_REPLICA_MAX_LAG_SECONDS + 1 (11)',
    );
    expect(() => parseEnv({ DATABASE_URL: url, DATABASE_READ_YOUR_WRITES_SECONDS: '61' })).toThrow(
      'DATABASE_READ_YOUR_WRITES_SECONDS must be at most 60',
    );
    expect(() => parseEnv({ DATABASE_URL: url, DATABASE_REPLICA_MAX_LAG_SECONDS: 'soon' })).toThrow(
      'DATABASE_REPLICA_MAX_LAG_SECONDS must be a positive whole number',
    );
  });
});
