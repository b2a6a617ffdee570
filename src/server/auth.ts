import { apiKey } from '@better-auth/api-key';
import { passkey } from '@better-auth/passkey';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { admin, emailOTP, genericOAuth, openAPI, organization } from 'better-auth/plugins';
import { tanstackStartCookies } from 'better-auth/tanstack-start';
import { renderInvitationEmail } from './email/invitation-email.tsx';
import { detectLanguage } from '#/lib/i18n/detect-language';
import { createI18n } from '#/lib/i18n/i18n';
import { isLanguage, languageInfo } from '#/lib/i18n/languages';
import { identity } from '#/lib/identity';
import { ac, organizationAc, organizationRoles, roles } from '#/lib/permissions';
import { resolveAuthSecret } from './auth-secret.ts';
import type { Database } from './db/client.ts';
import { database } from './db/index.ts';
import * as schema from './db/schema.ts';
import { DEMO_ADDRESS, mailboxOwner, perBrowserMailbox } from './email/dev-mailbox.ts';
import { queueEmail } from './email/outbox.ts';
import { demoModeRefuses } from './demo-mode.ts';
import { createEmailQuota } from './email-quota.ts';
import {
  afterCodeRequest,
  clientAddress,
  codeRequestClient,
  otpSeconds,
  perClientCodes,
  sendLoginCode,
  storedCodes,
} from './login-codes.ts';
import { addressNetwork, ONE_CLIENT, ONE_NETWORK } from './http/address-network.ts';
import { rememberAccount } from './sign-in-device.ts';
import { BANNED_MESSAGE, beforeEmail, beforeOrganizationCall, invitationLanguage, refuseUntilSecondFactorSetUp } from './auth-rules.ts';
import { env, signupDisabled, type Env } from './env.ts';
import { afterAdminCall, beforeAdminCall, lastAdminError } from './admin-guards.ts';
import { auditAfterAuthCall, auditAuthRefusal, auditBeforeAuthCall, type AuthCall } from './audit/auth-audit.ts';
import { afterCommit, ambient } from './db/ambient-transaction.ts';
import { checkAuthInput } from './auth-input.ts';
import { afterEmailChange, beforeEmailChange } from './email-change.ts';
import { afterUnlink, auditAccountLinked, beforeUnlink, noteUserCreated } from './audit/sign-in-method-audit.ts';
import { beforeSignInMethodChange } from './sign-in-methods.ts';
import { refuseWhileImpersonating } from './impersonation-rules.ts';
import { afterPasskeyCall, beforePasskeyCall } from './passkeys.ts';
import { beforeTwoFactorCall, forgetTrustedDevices, refuseTurningOffWhatIsOff, TWO_FACTOR_PATHS, twoFactorPlugin } from './two-factor.ts';
import { RECENT_SIGN_IN_SECONDS, refuseStaleSession } from './recent-sign-in.ts';
import { afterReauthentication, beforeReauthentication } from './reauthentication.ts';
import { isLastAdmin } from './last-admin.ts';
import { organizationToRestore, rememberActiveOrganization } from './active-organization.ts';
import { API_KEY_PREFIX } from './http/api-key-header.ts';
import { CLIENT_IP_HEADER } from './http/pipeline.ts';
import { oauthForAgents, refuseClientName } from './oauth-agents.ts';
import { logger } from './logger.ts';
import { logAuthLine } from './auth-log.ts';
import { hasSessionToken, withoutSessionTokens } from './session-tokens.ts';
import { databaseRateLimits, redisRateLimits } from './rate-limits.ts';
import { redisConnection } from './redis.ts';
import { effectiveRole } from './roles.ts';
import { deletePicturesOf } from './storage/pictures.ts';

/** Wrong tries that use a sign-in code up. */
const CODE_ATTEMPTS = 3;

/** The plugin's default, said in the e-mail. */
const INVITATION_HOURS = 48;

export const RATE_LIMITS = {
  '/email-otp/send-verification-otp': { window: 60, max: 10 },
  '/sign-in/email-otp': { window: 60, max: 20 },
  '/email-otp/check-verification-otp': { window: 60, max: 20 },
  // A change of email: its code request and its code check, as sign-in's.
  '/email-otp/request-email-change': { window: 60, max: 10 },
  '/email-otp/change-email': { window: 60, max: 20 },
  // Linking a provider and unlinking one: as Better Auth's default for /sign-in/social (3 in 10 s).
  '/link-social': { window: 10, max: 3 },
  '/unlink-account': { window: 10, max: 3 },
  // Passkeys: a sign-in's challenge and answer as a code's sign-in; adding one as a code request.
  '/passkey/generate-authenticate-options': { window: 60, max: 20 },
  '/passkey/verify-authentication': { window: 60, max: 20 },
  '/passkey/generate-register-options': { window: 60, max: 10 },
  '/passkey/verify-registration': { window: 60, max: 10 },
  // The second factor (src/server/two-factor.ts): a code's check as a sign-in code's, the account page's changes as a
  // code request. Each sign-in step also allows 5 wrong codes, and 10 in a row lock the account's step for 15 minutes.
  '/two-factor/verify-totp': { window: 60, max: 20 },
  '/two-factor/verify-backup-code': { window: 60, max: 20 },
  '/two-factor/enable': { window: 60, max: 10 },
  '/two-factor/disable': { window: 60, max: 10 },
  '/two-factor/generate-backup-codes': { window: 60, max: 10 },
} as const;

/** Each API key's own budget (docs/decisions/073-api-keys.md): past it, 429 with Retry-After until the window ends. */
const API_KEY_RATE_LIMIT = { windowSeconds: 60, max: 300 } as const;

const DEFAULT_RATE_LIMIT = { window: 60, max: 100 } as const;
const LONGEST_RATE_WINDOW = Math.max(DEFAULT_RATE_LIMIT.window, ...Object.values(RATE_LIMITS).map((r) => r.window));

function createAuth(baseDb: Database, e: Env = env()) {
  // Inside an audited call every query, Better Auth's and our hooks', runs in its transaction.
  const db = ambient(baseDb);
  const redis = e.redisUrl ? redisConnection(e.redisUrl) : undefined;
  const emailQuota = createEmailQuota(db, redis);
  const secret = resolveAuthSecret(e);
  return betterAuth({
    appName: identity.name,
    baseURL: e.baseUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [e.baseUrl],
    // Its lines go to our log: JSON, with the request's id; a client's mistake at warn, cut short (auth-log.ts).
    logger: { log: logAuthLine },
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    session: {
      expiresIn: e.auth.sessionExpirationSeconds,
      updateAge: Math.min(24 * 3600, e.auth.sessionExpirationSeconds),
      // Its own checks of a recent sign-in (deleting the account, unlinking, adding a passkey) and ours agree.
      freshAge: RECENT_SIGN_IN_SECONDS,
    },
    user: {
      // An unverified provider address neither creates nor joins an account (a later code sign-in would
      // join it), nor is linked from the account page.
      validateUserInfo: ({ user, source }) =>
        source.method === 'oauth' && source.action !== 'sign-in' && !user.emailVerified ? { error: 'email_not_verified' } : undefined,
      additionalFields: {
        onboardedAt: { type: 'date', required: false, input: true },
      },
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          if (await isLastAdmin(db, user.id)) throw lastAdminError();
        },
      },
    },
    databaseHooks: {
      user: {
        create: { after: async (created) => noteUserCreated(created.id) },
        delete: { after: async (deleted) => deletePicturesOf('users', deleted.id) },
      },
      account: { create: { after: async (created, context) => auditAccountLinked(db, created, context) } },
      session: {
        create: {
          before: async (created) => {
            if (created.activeOrganizationId) return;
            const activeOrganizationId = await organizationToRestore(db, created.userId);
            return activeOrganizationId ? { data: { ...created, activeOrganizationId } } : undefined;
          },
        },
        // The organisation plugin's field, not in the core session's type.
        update: { after: async (updated) => rememberActiveOrganization(db, updated as Parameters<typeof rememberActiveOrganization>[1]) },
      },
    },
    // No trusted providers: a provider's address joins an account only when the provider verified it.
    // "Link" on the account page takes an identity whose address its provider verified (above), whatever
    // the address; unlinking keeps one way in (src/server/sign-in-methods.ts, decision 068).
    account: { accountLinking: { enabled: true, allowDifferentEmails: true, allowUnlinkingAll: true } },
    socialProviders: e.auth.github
      ? {
          github: {
            clientId: e.auth.github.clientId,
            clientSecret: e.auth.github.clientSecret,
            disableSignUp: signupDisabled(e),
          },
        }
      : {},
    rateLimit: {
      enabled: true,
      // Better Auth's database storage deadlocked inside audited transactions.
      customStorage: redis ? redisRateLimits(redis) : databaseRateLimits(db, LONGEST_RATE_WINDOW),
      ...DEFAULT_RATE_LIMIT,
      customRules: RATE_LIMITS,
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const caller = () => getSessionFromCtx(ctx);
        let organizationBody: Record<string, unknown> | undefined;
        let passkeyBody: Record<string, unknown> | undefined;
        let twoFactorBody: Record<string, unknown> | undefined;
        try {
          // A write the demo refuses is refused whatever its input.
          if (e.demoMode && demoModeRefuses(ctx.path, ctx.request?.method ?? (ctx as { method?: string }).method)) {
            throw new APIError('FORBIDDEN', { code: 'DEMO_MODE', message: 'This is a read-only demo, this action is disabled.' });
          }
          await checkAuthInput(ctx.path, ctx.body, ctx.query, ctx.request);
          if (ctx.path.startsWith('/admin/')) {
            await beforeAdminCall(db, {
              path: ctx.path,
              body: ctx.body,
              session: caller,
              roleOf: (u) => effectiveRole(u, e),
            });
          }
          // Per client, so no client spends another's: under an address's ceiling a network (IPv4 /24, IPv6 /48)
          // or a browser the account signed in on; the demo accounts, no one's, have no ceiling and count
          // each address. A sign-in code is bound to the browser that asked (decision 078).
          const ceiling = (address: string) => !(perBrowserMailbox(e) && DEMO_ADDRESS.test(address));
          const email = (ctx.body as { email?: unknown } | undefined)?.email;
          const network = typeof email === 'string' && !ceiling(email) ? ONE_CLIENT : ONE_NETWORK;
          const codeRequest =
            ctx.path === '/email-otp/send-verification-otp' && typeof email === 'string'
              ? await codeRequestClient(db, ctx, email, CODE_ATTEMPTS, network)
              : undefined;
          const client = (address: string) => ({ key: addressNetwork(clientAddress(ctx), ceiling(address) ? ONE_NETWORK : ONE_CLIENT) });
          await beforeEmail(db, {
            path: ctx.path,
            body: ctx.body,
            emailQuota: (address) => emailQuota(address, codeRequest ?? client(address), ceiling(address)),
          });
          codeRequest?.remember();
          await refuseWhileImpersonating(ctx, caller);
          await refuseUntilSecondFactorSetUp(e, ctx, caller, (u) => effectiveRole(u, e));
          await refuseStaleSession(ctx, caller);
          await beforeReauthentication(db, ctx);
          await beforeEmailChange(ctx.path, caller);
          await beforeSignInMethodChange(db, ctx, caller);
          passkeyBody = await beforePasskeyCall(ctx);
          await refuseTurningOffWhatIsOff(ctx, caller);
          await refuseClientName(ctx);
          twoFactorBody = await beforeTwoFactorCall(db, ctx, caller, secret);
          organizationBody = await beforeOrganizationCall(db, e, {
            path: ctx.path,
            body: ctx.body,
            query: ctx.query,
            request: ctx.request,
            session: () => getSessionFromCtx(ctx),
          });
        } catch (error) {
          await auditAuthRefusal(db, ctx as AuthCall, error, caller);
          throw error;
        }
        await auditBeforeAuthCall(db, ctx as AuthCall, caller);
        await beforeUnlink(db, ctx.path, ctx.body, caller);
        const body = organizationBody ?? passkeyBody ?? twoFactorBody;
        if (body) return { context: { body } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path.startsWith('/admin/')) afterAdminCall(ctx.path, ctx.context.returned, ctx.context.session);
        await auditAfterAuthCall(db, ctx as AuthCall, { signupDisabled: signupDisabled(e) });
        await afterEmailChange(db, e, ctx);
        await afterUnlink(db, ctx);
        await afterPasskeyCall(db, ctx);
        await afterCodeRequest(ctx);
        await afterReauthentication(ctx);
        const turnedOff = ctx.path === TWO_FACTOR_PATHS.disable && !(ctx.context.returned instanceof Error);
        const owner = (ctx.context.session as { user: { id: string } } | null)?.user.id;
        if (turnedOff && owner) await forgetTrustedDevices(db, owner);
        // This browser held a session of the account: served past its address's ceiling of codes.
        const started = ctx.context.newSession as { user: { id: string }; session: { impersonatedBy?: string | null } } | null;
        if (ctx.request && started && !started.session.impersonatedBy) await rememberAccount(ctx, started.user.id);
        const returned = ctx.context.returned;
        // Every answer to a client, whatever its endpoint; the server's own calls may read a session's token.
        if (ctx.request && hasSessionToken(returned)) return ctx.json(withoutSessionTokens(returned as Record<string, unknown>));
      }),
    },
    verification: { storeIdentifier: perClientCodes(e) },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: otpSeconds(e),
        allowedAttempts: CODE_ATTEMPTS,
        // Encrypted with the auth secret, not hashed: a request for a code while one is pending re-sends
        // it (no new code, no new tries), which the ceiling past an outsider's requests relies on (decision 078).
        storeOTP: storedCodes(secret),
        resendStrategy: 'reuse',
        disableSignUp: signupDisabled(e),
        // The code goes to the new address; the current one is told afterwards (src/server/email-change.ts).
        changeEmail: { enabled: true },
        sendVerificationOTP: (data, ctx) => sendLoginCode(e, data, ctx?.request),
      }),
      admin({
        ac,
        roles,
        defaultRole: 'user',
        adminRoles: ['admin'],
        adminUserIds: e.auth.adminUserIds,
        impersonationSessionDuration: 3600,
        bannedUserMessage: BANNED_MESSAGE,
      }),
      organization({
        ac: organizationAc,
        roles: organizationRoles,
        teams: { enabled: true },
        organizationLimit: e.organizations.maxPerUser,
        membershipLimit: e.organizations.maxMembers,
        invitationExpiresIn: INVITATION_HOURS * 3600,
        // The page's "Resend" sends the same one again, with `resend`.
        cancelPendingInvitationsOnReInvite: true,
        organizationHooks: { afterDeleteOrganization: async ({ organization: deleted }) => deletePicturesOf('organizations', deleted.id) },
        async sendInvitationEmail(data, request) {
          const chosen = request ? invitationLanguage.get(request) : undefined;
          const lng = isLanguage(chosen) ? chosen : request ? detectLanguage(request) : 'en';
          const i18n = createI18n(lng);
          await i18n.loadNamespaces('organizations');
          const t = i18n.getFixedT(lng, 'organizations');
          const message = await renderInvitationEmail({
            t,
            lang: lng,
            dir: languageInfo(lng).dir,
            inviter: data.inviter.user.name || data.inviter.user.email,
            organization: data.organization.name,
            role: data.role
              .split(',')
              .map((r) => t(`roles.${r.trim()}` as never, { defaultValue: r.trim() }))
              .join(', '),
            url: `${e.baseUrl.replace(/\/+$/, '')}/invitations/${encodeURIComponent(data.id)}`,
            hours: INVITATION_HOURS,
          });
          await afterCommit(() =>
            queueEmail({ to: data.email, ...message, owner: mailboxOwner(request) }).catch((error: unknown) => {
              logger().error({ err: error, to: data.email }, 'could not queue the invitation');
            }),
          );
        },
      }),
      ...(e.auth.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'oidc',
                  name: e.auth.oidc.name,
                  discoveryUrl: `${e.auth.oidc.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
                  clientId: e.auth.oidc.clientId,
                  clientSecret: e.auth.oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  disableSignUp: signupDisabled(e),
                  // Signing out ends this app's session and lands on /login, whichever way one came in;
                  // the provider's own session is not ours to end.
                  disableProviderLogout: true,
                },
              ],
            }),
          ]
        : []),
      // The relying party is the configured address's host, so a passkey made here works here only.
      passkey({
        rpID: new URL(e.baseUrl).hostname,
        rpName: identity.name,
        origin: new URL(e.baseUrl).origin,
        // Discoverable: "Sign in with a passkey" asks for no address first.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      }),
      // Makes keys for our procedure (src/features/api-keys/api-keys.router.ts); src/server/api-keys.ts checks them on
      // the product API. None of its endpoints is served over HTTP (src/server/auth-endpoints.ts); a key is never a session.
      // Two kinds, the plugin's own configurations: a person's keys, and an organisation's (decision 103), which the
      // plugin lets an owner or admin make as the organisation plugin's roles say (`organizationRoles`).
      apiKey(
        (['default', 'organization'] as const).map((configId) => ({
          configId,
          references: configId === 'organization' ? ('organization' as const) : ('user' as const),
          defaultPrefix: API_KEY_PREFIX,
          startingCharactersConfig: { shouldStore: true, charactersLength: API_KEY_PREFIX.length + 8 },
          requireName: true,
          maximumNameLength: 64,
          keyExpiration: { defaultExpiresIn: null, minExpiresIn: 1, maxExpiresIn: 365 },
          rateLimit: { enabled: true, timeWindow: API_KEY_RATE_LIMIT.windowSeconds * 1000, maxRequests: API_KEY_RATE_LIMIT.max },
          enableSessionForAPIKeys: false,
        })),
      ),
      // An authenticator app and recovery codes, asked for after every first factor (src/server/two-factor.ts).
      twoFactorPlugin(secret),
      // MCP clients signed in by a person (OAuth 2.1, dynamic registration, our consent page): src/server/oauth-agents.ts.
      ...oauthForAgents(e),
      openAPI({ disableDefaultReference: true }),
      tanstackStartCookies(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

let instance: Promise<Auth> | undefined;

/**
 * Created on first use, after the database is open, with its plugins' start-up work done then: the OAuth provider
 * seeds its resource row (src/server/oauth-agents.ts), which inside a request's transaction on the embedded
 * database's one connection would wait for itself. A failed start is not kept: the next request starts again.
 */
export function getAuth(): Promise<Auth> {
  instance ??= database()
    .then(startAuth)
    .catch((error: unknown) => {
      instance = undefined;
      throw error;
    });
  return instance;
}

/**
 * Two processes starting at once (instances behind a balancer, or the dev server's two module graphs) both insert
 * the OAuth resource's row; the plugin means to skip the conflict of the one that loses, but looks for it in the
 * error's message, which Drizzle wraps. The loser starts again, and finds the row.
 */
export async function startAuth(db: Database): Promise<Auth> {
  for (let attempt = 1; ; attempt++) {
    const auth = createAuth(db);
    try {
      await auth.$context;
      return auth;
    } catch (error) {
      if (attempt >= 3) throw error;
      logger().warn({ err: error, attempt }, 'Better Auth did not start; starting it again');
    }
  }
}
