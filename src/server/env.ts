// The one place that reads `process.env`: pure, so it is unit-testable and safe to import anywhere.
import { identity, identitySlug } from '../lib/identity.ts';
import { z } from '../lib/zod.ts';
import { parseTrustedProxies } from './http/client-address.ts';
import { parseStorageUrl } from './storage/storage-config.ts';

export type Mode = 'development' | 'production' | 'test';

/** EMAIL_FROM's default: the product's name (src/lib/identity.ts), quoted when it holds a character an address header reserves. */
const defaultSender = () => {
  const name = /[()<>[\]:;@\\,."]/.test(identity.name) ? JSON.stringify(identity.name) : identity.name;
  return `${name} <noreply@example.com>`;
};

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Exactly: no 'yes', '1' or 'TRUE'. */
const bool = (name: string) =>
  z.stringbool({ truthy: ['true'], falsy: ['false'], case: 'sensitive', error: `${name} must be 'true' or 'false'` });

const positiveInt = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, { error: `${name} must be a positive whole number` })
    .transform(Number)
    .refine((n) => n > 0, { error: `${name} must be a positive whole number` });

const urlWithProtocols = (name: string, protocols: readonly string[], example: string) =>
  z.string().refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), { error: `${name} must be a URL like ${example}` });

const positiveNumber = (name: string) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, { error: `${name} must be a positive number` })
    .transform(Number)
    .refine((n) => n > 0, { error: `${name} must be a positive number` });

/** `optional`: each person chooses; `admins`: administrators must set one up; `all`: everyone must. */
const TWO_FACTOR_POLICIES = ['optional', 'admins', 'all'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const rawSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  PORT: z
    .string()
    .regex(/^\d+$/, { error: 'PORT must be a port number (0-65535)' })
    .transform(Number)
    .refine((n) => n <= 65535, { error: 'PORT must be a port number (0-65535)' })
    .optional(),
  HOST: z.string().min(1).optional(),
  BASE_URL: z
    .string()
    .refine((v) => URL.canParse(v) && ['http:', 'https:'].includes(new URL(v).protocol), {
      error: (issue) => `Invalid base URL: ${String(issue.input)}. Please provide a valid base URL.`,
    })
    .optional(),
  DATABASE_URL: urlWithProtocols('DATABASE_URL', ['postgres:', 'postgresql:'], 'postgres://user:pass@host:5432/db').optional(),
  DATABASE_POOL_MAX: positiveInt('DATABASE_POOL_MAX').optional(),
  DATABASE_REPLICA_URLS: z.string().optional(),
  DATABASE_REPLICA_MAX_LAG_SECONDS: positiveInt('DATABASE_REPLICA_MAX_LAG_SECONDS').optional(),
  DATABASE_READ_YOUR_WRITES_SECONDS: positiveInt('DATABASE_READ_YOUR_WRITES_SECONDS').optional(),
  DATA_DIR: z.string().min(1).optional(),
  // Tests only: an in-memory database starts from this dump of a migrated, seeded one (tests/support/pglite-template.ts).
  PGLITE_TEMPLATE_FILE: z.string().min(1).optional(),
  AUTH_SECRET: z.string().min(32, { error: 'AUTH_SECRET must be at least 32 characters' }).optional(),
  AUTH_SIGNUP_ENABLED: bool('AUTH_SIGNUP_ENABLED').optional(),
  AUTH_TWO_FACTOR: z.enum(TWO_FACTOR_POLICIES, { error: `AUTH_TWO_FACTOR must be one of ${TWO_FACTOR_POLICIES.join(', ')}` }).optional(),
  // Decimals allowed, so tests can watch a code expire.
  AUTH_OTP_EXPIRATION_MINUTES: positiveNumber('AUTH_OTP_EXPIRATION_MINUTES').optional(),
  AUTH_SESSION_EXPIRATION_SECONDS: positiveInt('AUTH_SESSION_EXPIRATION_SECONDS').optional(),
  EMAIL_SERVER: urlWithProtocols('EMAIL_SERVER', ['smtp:', 'smtps:'], 'smtp://user:pass@host:587').optional(),
  EMAIL_FROM: z.string().min(3).optional(),
  DEMO_MODE: bool('DEMO_MODE').optional(),
  ENV_NAME: z.string().optional(),
  ENV_EMOJI: z.string().optional(),
  ENV_COLOR: z
    .string()
    .regex(/^[#a-zA-Z0-9(),.%\s-]+$/, { error: 'ENV_COLOR must be a CSS colour' })
    .optional(),
  DEMO_CONTACT_EMAIL: z.email({ error: 'DEMO_CONTACT_EMAIL must be an e-mail address' }).optional(),
  DOCS_URL: urlWithProtocols('DOCS_URL', ['http:', 'https:'], 'https://example.com/docs').optional(),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: urlWithProtocols('OIDC_ISSUER', ['http:', 'https:'], 'https://id.example.com').optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).optional(),
  ADMIN_USER_IDS: z.string().optional(),
  REDIS_URL: urlWithProtocols('REDIS_URL', ['redis:', 'rediss:'], 'redis://127.0.0.1:6379').optional(),
  TRUSTED_PROXIES: z.string().optional(),
  STORAGE_URL: z.string().optional(),
  UPLOAD_MAX_BYTES: positiveInt('UPLOAD_MAX_BYTES').optional(),
  UPLOAD_MAX_PIXELS: positiveInt('UPLOAD_MAX_PIXELS').optional(),
  ORG_MAX_PER_USER: positiveInt('ORG_MAX_PER_USER').optional(),
  ORG_MAX_MEMBERS: positiveInt('ORG_MAX_MEMBERS').optional(),
  ORG_INVITATIONS_PER_HOUR: positiveInt('ORG_INVITATIONS_PER_HOUR').optional(),
  AUDIT_RETENTION_DAYS: positiveInt('AUDIT_RETENTION_DAYS').optional(),
  API_WRITES_PER_MINUTE: positiveInt('API_WRITES_PER_MINUTE').optional(),
  WEBHOOKS_ALLOW_HTTP: bool('WEBHOOKS_ALLOW_HTTP').optional(),
  WEBHOOKS_ALLOW_PRIVATE: bool('WEBHOOKS_ALLOW_PRIVATE').optional(),
  WEBHOOK_RETRY_SECONDS: positiveInt('WEBHOOK_RETRY_SECONDS').optional(),
  WEBHOOK_WORKERS: positiveInt('WEBHOOK_WORKERS').optional(),
  WEBHOOK_WORKERS_PER_OWNER: positiveInt('WEBHOOK_WORKERS_PER_OWNER').optional(),
  WEBHOOK_ENDPOINTS_PER_ORGANIZATION: positiveInt('WEBHOOK_ENDPOINTS_PER_ORGANIZATION').optional(),
  WEBHOOK_TESTS_PER_HOUR: positiveInt('WEBHOOK_TESTS_PER_HOUR').optional(),
  METRICS_PORT: z
    .string()
    .regex(/^\d+$/, { error: 'METRICS_PORT must be a port number (1-65535)' })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 65535, { error: 'METRICS_PORT must be a port number (1-65535)' })
    .optional(),
  // An address, not a name: the listener is bound before anything resolves names.
  METRICS_HOST: z.union([z.ipv4(), z.ipv6()], { error: 'METRICS_HOST must be an IP address (127.0.0.1, 0.0.0.0, ::1…)' }).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: urlWithProtocols('OTEL_EXPORTER_OTLP_ENDPOINT', ['http:', 'https:'], 'http://collector:4318').optional(),
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
});

/** A URL's credentials are not printed: `postgres://…@host:5432/db`. */
const withoutCredentials = (value: string) => value.replace(/\/\/[^/]*@/, '//…@');

/**
 * Read replicas (docs/decisions/090-read-replicas.md). The read-your-writes window must outlast the lag a replica
 * may have and still serve (plus the second between two checks), or a person could miss their own write; the
 * write markers live in the rate-limit table, pruned after 60 s (src/server/db/read-your-writes.ts).
 */
function parseReplicas(list: string | undefined, maxLag = 5, readYourWrites = 10) {
  const urls = (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  urls.forEach((url, i) => {
    if (!URL.canParse(url) || !['postgres:', 'postgresql:'].includes(new URL(url).protocol)) {
      throw new EnvError(
        `DATABASE_REPLICA_URLS: entry ${i + 1} (${withoutCredentials(url)}) must be a URL like postgres://user:pass@replica:5432/db`,
      );
    }
  });
  if (readYourWrites > 60) throw new EnvError('DATABASE_READ_YOUR_WRITES_SECONDS must be at most 60');
  if (readYourWrites < maxLag + 1) {
    throw new EnvError(
      `DATABASE_READ_YOUR_WRITES_SECONDS (${readYourWrites}) must be at least DATABASE_REPLICA_MAX_LAG_SECONDS + 1 (${maxLag + 1}): a person's reads go back to a replica only once it has their write`,
    );
  }
  return { urls, maxLagSeconds: maxLag, readYourWritesSeconds: readYourWrites };
}

/** Empty strings count as unset, as in most deployment tools. */
function withoutEmpty(source: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
}

export function parseEnv(source: Record<string, string | undefined> = process.env) {
  const parsed = rawSchema.safeParse(withoutEmpty(source));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const message = issue?.message ?? 'invalid value';
    throw new EnvError(message.includes(name) || message.startsWith('Invalid base URL') ? message : `${name}: ${message}`);
  }
  const e = parsed.data;
  const mode: Mode = e.NODE_ENV ?? 'development';
  const production = mode === 'production';
  const port = e.PORT ?? 3000;
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === port)
    throw new EnvError('METRICS_PORT must differ from PORT: the metrics are never served on the public port');

  const both = (a: string | undefined, b: string | undefined, names: string) => {
    if (Boolean(a) !== Boolean(b)) throw new EnvError(`${names} must be set together`);
    return Boolean(a && b);
  };
  const github = both(e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET, 'GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET');
  if ((e.OIDC_CLIENT_ID || e.OIDC_CLIENT_SECRET) && !e.OIDC_ISSUER) {
    throw new EnvError('OIDC_ISSUER must be set when OIDC_CLIENT_ID or OIDC_CLIENT_SECRET is set');
  }
  const oidc = e.OIDC_ISSUER
    ? both(e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET, 'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (with OIDC_ISSUER)')
    : false;
  if (e.OIDC_ISSUER && !oidc) throw new EnvError('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set with OIDC_ISSUER');

  const dataDir = e.DATA_DIR ?? './.data';
  if (production && e.DATABASE_URL && !e.AUTH_SECRET) {
    throw new EnvError('AUTH_SECRET is required in production with DATABASE_URL (at least 32 characters)');
  }

  let trustedProxies;
  try {
    trustedProxies = parseTrustedProxies(e.TRUSTED_PROXIES);
  } catch (error) {
    throw new EnvError((error as Error).message);
  }

  const replicas = parseReplicas(e.DATABASE_REPLICA_URLS, e.DATABASE_REPLICA_MAX_LAG_SECONDS, e.DATABASE_READ_YOUR_WRITES_SECONDS);
  if (replicas.urls.length && !e.DATABASE_URL)
    throw new EnvError('DATABASE_REPLICA_URLS needs DATABASE_URL: the embedded database has no replicas');

  let storage;
  try {
    storage = parseStorageUrl(e.STORAGE_URL, dataDir);
  } catch (error) {
    throw new EnvError((error as Error).message);
  }

  const bannerName = e.ENV_NAME ?? (production ? undefined : 'LOCAL');

  return {
    mode,
    isProduction: production,
    port,
    host: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    baseUrl: (e.BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    database: e.DATABASE_URL
      ? ({ kind: 'postgres', url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX } as const)
      : ({ kind: 'pglite', dataDir, template: dataDir.startsWith('memory://') ? e.PGLITE_TEMPLATE_FILE : undefined } as const),
    replicas,
    dataDir,
    authSecret: e.AUTH_SECRET,
    auth: {
      signupEnabled: e.AUTH_SIGNUP_ENABLED ?? true,
      // Who must have a second factor before the product API answers them (docs/decisions/095-who-must-have-a-second-factor.md).
      twoFactor: e.AUTH_TWO_FACTOR ?? 'optional',
      otpExpirationMinutes: e.AUTH_OTP_EXPIRATION_MINUTES ?? 5,
      sessionExpirationSeconds: e.AUTH_SESSION_EXPIRATION_SECONDS ?? 2_592_000,
      adminUserIds: (e.ADMIN_USER_IDS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      github: github ? { clientId: e.GITHUB_CLIENT_ID!, clientSecret: e.GITHUB_CLIENT_SECRET! } : undefined,
      oidc: oidc
        ? {
            issuer: e.OIDC_ISSUER!,
            clientId: e.OIDC_CLIENT_ID!,
            clientSecret: e.OIDC_CLIENT_SECRET!,
            name: e.OIDC_NAME ?? 'OpenID Connect',
          }
        : undefined,
    },
    email: {
      server: e.EMAIL_SERVER,
      from: e.EMAIL_FROM ?? defaultSender(),
    },
    demoMode: e.DEMO_MODE ?? false,
    banner: bannerName
      ? { name: bannerName, emoji: e.ENV_EMOJI ?? (production ? '' : '🚧'), color: e.ENV_COLOR ?? (production ? 'plum' : 'gold') }
      : undefined,
    demoContactEmail: e.DEMO_CONTACT_EMAIL ?? identity.contactEmail,
    docsUrl: e.DOCS_URL ?? identity.docsUrl,
    redisUrl: e.REDIS_URL,
    trustedProxies,
    organizations: {
      maxPerUser: e.ORG_MAX_PER_USER ?? 5,
      maxMembers: e.ORG_MAX_MEMBERS ?? 100,
      invitationsPerHour: e.ORG_INVITATIONS_PER_HOUR ?? 20,
    },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS ?? 365,
    apiWritesPerMinute: e.API_WRITES_PER_MINUTE ?? 60,
    webhooks: {
      // Off by default: a receiver must be https on a public address (docs/decisions/074-webhooks.md).
      allowHttp: e.WEBHOOKS_ALLOW_HTTP ?? false,
      allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE ?? false,
      /** The first retry's wait; each next one doubles it, up to an hour. */
      retrySeconds: e.WEBHOOK_RETRY_SECONDS ?? 15,
      /** Deliveries under way at once in each instance (docs/decisions/075-webhook-fairness.md). */
      workers: e.WEBHOOK_WORKERS ?? 8,
      /** …and at once for one owner's endpoints (an organisation's maker), across every instance. */
      workersPerOwner: e.WEBHOOK_WORKERS_PER_OWNER ?? 2,
      /** An organisation's endpoints (the product's, the operator's own, are not counted). */
      endpointsPerOrganization: e.WEBHOOK_ENDPOINTS_PER_ORGANIZATION ?? 10,
      /** Test events and resends an organisation endpoint's maker may send in an hour (decision 077). */
      testsPerHour: e.WEBHOOK_TESTS_PER_HOUR ?? 20,
    },
    logLevel: e.LOG_LEVEL ?? 'info',
    metricsPort: e.METRICS_PORT,
    /** Loopback by default, whatever HOST: the metrics say more than a visitor should see. */
    metricsHost: e.METRICS_HOST ?? '127.0.0.1',
    otel: { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME ?? identitySlug },
    storage,
    uploads: {
      maxBytes: e.UPLOAD_MAX_BYTES ?? 5 * 1024 * 1024,
      maxPixels: e.UPLOAD_MAX_PIXELS ?? 40_000_000,
    },
  };
}

export type Env = ReturnType<typeof parseEnv>;

export const signupDisabled = (e: Env) => !e.auth.signupEnabled || e.demoMode;

/** Whether `AUTH_TWO_FACTOR` holds this person to a second factor they have not set up yet (`role`: the effective one). */
export const secondFactorMissing = (e: Env, role: string, twoFactorEnabled: unknown) =>
  twoFactorEnabled !== true && (e.auth.twoFactor === 'all' || (e.auth.twoFactor === 'admins' && role === 'admin'));

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
