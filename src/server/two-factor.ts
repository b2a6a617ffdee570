// A second factor on every way in (docs/decisions/094-a-second-factor-on-every-way-in.md). Better Auth's two-factor
// plugin does the work: its authenticator-app secret, codes and recovery codes, and its sign-in step (no session
// until the second factor: a signed `two_factor` cookie names a 10-minute step, `verify-totp` or
// `verify-backup-code` then makes the session). It asks for that step after a password only; here after every
// first factor, and three things are ours: a code is accepted once, recovery codes are kept hashed, and a passkey
// that verified its user counts as both factors.
import { createHmac } from 'node:crypto';
import { createHMAC } from '@better-auth/utils/hmac';
import { createOTP } from '@better-auth/utils/otp';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { twoFactor } from 'better-auth/plugins';
import { and, eq, isNull, like, lt, or } from 'drizzle-orm';
import { ambientScratch } from './db/ambient-transaction.ts';
import type { Database } from './db/client.ts';
import { twoFactor as twoFactorTable, verification } from './db/schema.ts';

const TOTP_DIGITS = 6;
const TOTP_PERIOD_SECONDS = 30;
/** How long the step between the first factor and the second stays open. */
const SECOND_FACTOR_STEP_SECONDS = 600;
/** The step's page (src/routes/login/two-factor.tsx). */
const SECOND_FACTOR_PAGE = '/login/two-factor';
const RECOVERY_CODES = 10;
/** "Trust this device": the step is skipped on that browser for this long after its last sign-in there. */
const TRUST_DEVICE_DAYS = 30;
/** The plugin's rows of trusted browsers in `verification`: `trust-device-<random>`, the person's id as the value. */
const TRUSTED_DEVICE_PREFIX = 'trust-device-';
const TRUST_DEVICE_COOKIE = 'trust_device';

export const TWO_FACTOR_PATHS = {
  enable: '/two-factor/enable',
  disable: '/two-factor/disable',
  verifyTotp: '/two-factor/verify-totp',
  verifyRecoveryCode: '/two-factor/verify-backup-code',
  newRecoveryCodes: '/two-factor/generate-backup-codes',
} as const;

const PASSKEY_SIGN_IN = '/passkey/verify-authentication';

/** The scratch key of the person whose sign-in step a code was given to. */
export const SECOND_FACTOR_OWNER = 'secondFactorOwner';

/** The first factors: each makes a session that the second factor's step then replaces. */
function isFirstFactor(path: string, body: unknown): boolean {
  if (path === '/sign-in/email-otp' || path === '/sign-in/social' || path.startsWith('/callback/')) return true;
  return path === PASSKEY_SIGN_IN && !passkeyVerifiedItsUser(body);
}

/**
 * WebAuthn's "user verified" flag (bit 2 of the flags byte after the relying party's 32-byte hash) in the
 * authenticator data the passkey signed: a PIN or a fingerprint on top of the device, two factors in one.
 * Read from the body; the plugin has checked its signature by the time a session exists.
 */
function passkeyVerifiedItsUser(body: unknown): boolean {
  const data = (body as { response?: { response?: { authenticatorData?: unknown } } } | undefined)?.response?.response?.authenticatorData;
  if (typeof data !== 'string') return false;
  const bytes = Buffer.from(data, 'base64url');
  return bytes.length > 32 && (bytes[32]! & 0x04) !== 0;
}

/** What reading the browser's trust cookie takes: a hook's call (Better Auth's context). */
export interface TrustCheck {
  getSignedCookie?: (name: string, secret: string) => Promise<string | null | false>;
  context: {
    secret?: string;
    createAuthCookie?: (name: string) => { name: string };
    internalAdapter?: { findVerificationValue: (identifier: string) => Promise<{ value: string; expiresAt: Date } | null> };
  };
}

/**
 * The plugin's own test of its trust cookie (`<hmac>!trust-device-…`, signed; the row must exist, name the
 * person and not have expired), for the audit, which runs before the plugin's hook renews the row.
 */
async function deviceTrusted(call: TrustCheck, userId: string): Promise<boolean> {
  const { secret, createAuthCookie, internalAdapter } = call.context;
  if (!call.getSignedCookie || !secret || !createAuthCookie || !internalAdapter) return false;
  const value = await call.getSignedCookie(createAuthCookie(TRUST_DEVICE_COOKIE).name, secret);
  const [token, identifier] = value ? value.split('!') : [];
  if (!token || !identifier?.startsWith(TRUSTED_DEVICE_PREFIX)) return false;
  if (token !== (await createHMAC('SHA-256', 'base64urlnopad').sign(secret, `${userId}!${identifier}`))) return false;
  const row = await internalAdapter.findVerificationValue(identifier);
  return row !== null && row.value === userId && new Date(row.expiresAt) > new Date();
}

/** Whether a sign-in's first factor is followed by the step, for the audit (src/server/audit/auth-audit.ts). */
export async function asksSecondFactor(
  call: TrustCheck & { path: string; body?: unknown },
  user: { id: string } | undefined,
): Promise<boolean> {
  if ((user as { twoFactorEnabled?: unknown } | undefined)?.twoFactorEnabled !== true || !isFirstFactor(call.path, call.body)) return false;
  return !(await deviceTrusted(call, user!.id));
}

const RECOVERY_HASH = 'hmac-sha256:';
/** Keyed with the auth secret: a recovery code has about 59 random bits, a fast keyed hash is enough. */
const recoveryHash = (secret: string, code: string) =>
  `${RECOVERY_HASH}${createHmac('sha256', secret).update(code.trim()).digest('base64url')}`;

export function twoFactorPlugin(secret: string) {
  const plugin = twoFactor({
    allowPasswordless: true,
    twoFactorCookieMaxAge: SECOND_FACTOR_STEP_SECONDS,
    trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 60 * 60,
    totpOptions: { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS },
    backupCodeOptions: {
      amount: RECOVERY_CODES,
      // The plugin hands the list to `encrypt` when it stores it and compares the code given with what `decrypt`
      // returns: stored as hashes, compared with the given code's hash (`beforeTwoFactorCall`).
      storeBackupCodes: {
        encrypt: async (json) =>
          JSON.stringify(
            (JSON.parse(json) as string[]).map((code) => (code.startsWith(RECOVERY_HASH) ? code : recoveryHash(secret, code))),
          ),
        decrypt: async (stored) => stored,
      },
    },
  });
  const [step] = plugin.hooks.after;
  return {
    ...plugin,
    hooks: {
      after: [
        // Its step after every first factor, not after a password only.
        { matcher: (ctx: { path?: string; body?: unknown }) => isFirstFactor(ctx.path ?? '', ctx.body), handler: step!.handler },
        // A provider's callback is a browser's navigation: it goes on to the step's page, not to a JSON answer.
        { matcher: (ctx: { path?: string }) => Boolean(ctx.path?.startsWith('/callback/')), handler: toTheStepsPage },
      ],
    },
  } as typeof plugin;
}

const toTheStepsPage = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned as { twoFactorRedirect?: unknown } | null | undefined;
  if (!returned || typeof returned !== 'object' || returned.twoFactorRedirect !== true) return;
  // Where the sign-in was going (its callbackURL), kept when it is one of ours.
  const base = new URL(ctx.context.baseURL);
  const going = new URL(ctx.context.responseHeaders?.get('location') ?? '/', base);
  const redirect = going.origin === base.origin && going.pathname !== '/' ? `${going.pathname}${going.search}` : '';
  throw ctx.redirect(redirect ? `${SECOND_FACTOR_PAGE}?redirect=${encodeURIComponent(redirect)}` : SECOND_FACTOR_PAGE);
});

interface TwoFactorCall {
  path: string;
  body?: unknown;
  getSignedCookie: (name: string, secret: string) => Promise<string | null | false>;
  context: {
    secret: string;
    secretConfig: Parameters<typeof symmetricDecrypt>[0]['key'];
    createAuthCookie: (name: string) => { name: string };
    internalAdapter: { findVerificationValue: (identifier: string) => Promise<{ value: string } | null> };
  };
}

/** The person whose code it is: the caller, or the one whose sign-in step the cookie names. */
async function codeOwner(call: TwoFactorCall, caller: () => Promise<{ user: { id: string } } | null>): Promise<string | undefined> {
  const session = await caller();
  if (session) return session.user.id;
  const identifier = await call.getSignedCookie(call.context.createAuthCookie('two_factor').name, call.context.secret);
  if (!identifier) return undefined;
  return (await call.context.internalAdapter.findVerificationValue(identifier))?.value;
}

/** The step of `code` within one step either side of now, as the plugin's check accepts it. */
async function stepOf(secret: string, code: string): Promise<number | undefined> {
  const now = Math.floor(Date.now() / (TOTP_PERIOD_SECONDS * 1000));
  const otp = createOTP(secret, { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
  for (const step of [now - 1, now, now + 1]) if ((await otp.hotp(step)) === code) return step;
  return undefined;
}

/** Never a code: the plugin refuses it as a wrong one (its tries and lock count it). */
const SPENT = 'spent';

/**
 * The auth hooks' `before` step. An authenticator code's step is claimed before the plugin checks the code, in one
 * conditional update, so the same code (or an older one) is refused after it was accepted, even by two requests
 * at once. A recovery code is compared by its hash. Returns the body the plugin then reads, if changed.
 */
export async function beforeTwoFactorCall(
  db: Database,
  call: TwoFactorCall,
  caller: () => Promise<{ user: { id: string } } | null>,
  secret: string,
): Promise<Record<string, unknown> | undefined> {
  if (call.path !== TWO_FACTOR_PATHS.verifyTotp && call.path !== TWO_FACTOR_PATHS.verifyRecoveryCode) return undefined;
  const body = (call.body ?? {}) as Record<string, unknown>;
  if (typeof body.code !== 'string') return undefined;
  const userId = await codeOwner(call, caller);
  // Whom a wrong code is recorded about (src/server/audit/auth-audit.ts).
  ambientScratch()?.set(SECOND_FACTOR_OWNER, userId);
  if (call.path === TWO_FACTOR_PATHS.verifyRecoveryCode) return { ...body, code: recoveryHash(secret, body.code) };
  if (!userId) return undefined;
  const [row] = await db.select().from(twoFactorTable).where(eq(twoFactorTable.userId, userId));
  if (!row) return undefined;
  const step = await stepOf(await symmetricDecrypt({ key: call.context.secretConfig, data: row.secret }), body.code.trim());
  if (step === undefined) return undefined;
  const claimed = await db
    .update(twoFactorTable)
    .set({ lastUsedStep: step })
    .where(and(eq(twoFactorTable.id, row.id), or(isNull(twoFactorTable.lastUsedStep), lt(twoFactorTable.lastUsedStep, step))))
    .returning({ id: twoFactorTable.id });
  return claimed.length ? { ...body, code: body.code.trim() } : { ...body, code: SPENT };
}

/**
 * The auth hooks' `before` step: turning off what is off is refused. The plugin would still replace the caller's
 * session with a new one (as it does for every turning off), signing out a client that does not keep the new cookie.
 */
export async function refuseTurningOffWhatIsOff(call: { path: string }, caller: () => Promise<{ user: object } | null>) {
  if (call.path !== TWO_FACTOR_PATHS.disable) return;
  const session = await caller();
  // The plugin's field, not in the inferred user's type.
  if (!session || (session.user as { twoFactorEnabled?: unknown }).twoFactorEnabled === true) return;
  throw new APIError('BAD_REQUEST', { code: 'TWO_FACTOR_NOT_ENABLED', message: "Two factor isn't enabled" });
}

/** The person's trusted browsers (`verification` rows), each one's step skipped until it expires. */
export const trustedDevicesOf = (userId: string) =>
  and(eq(verification.value, userId), like(verification.identifier, `${TRUSTED_DEVICE_PREFIX}%`));

/**
 * Every browser the person trusted asks for the second factor again: after it is turned off (the plugin forgets
 * only the browser that turned it off, so turning it on again would have let the others skip the step).
 */
export async function forgetTrustedDevices(db: Database, userId: string) {
  await db.delete(verification).where(trustedDevicesOf(userId));
}

/** The trust row this browser's cookie names (not verified: only to mark "this browser" in a list). */
export function trustedDeviceOfRequest(request: Request): string | undefined {
  const cookie = request.headers.get('cookie') ?? '';
  const match = /(?:^|;\s*)(?:__Secure-)?better-auth\.trust_device=([^;]+)/.exec(cookie);
  if (!match) return undefined;
  const value = decodeURIComponent(match[1]!);
  const identifier = value.split('!')[1]?.split('.')[0];
  return identifier?.startsWith(TRUSTED_DEVICE_PREFIX) ? identifier : undefined;
}
