// Every procedure declares its permission in `meta`; the one middleware enforces it and refuses demo writes.
import { os } from '@orpc/server';
import type { ResponseHeadersPluginContext } from '@orpc/server/plugins';
import { keyHolds, reach, roleHolds, type Holds, type Permission } from '#/lib/permissions';
import { apiError, apiTranslator, type Translate } from './api-errors.ts';
import { effectiveRole } from './roles.ts';
import { dataException } from './db/errors.ts';
import type { Database } from './db/client.ts';
import { database } from './db/index.ts';
import { databaseForReads, rememberWrite } from './db/read-your-writes.ts';
import { env, secondFactorMissing } from './env.ts';
import { logger } from './logger.ts';
import { requestSession } from './request-session.ts';
import { secondFactorPending } from './session-cookie.ts';
import { keyCaller, type KeyCaller } from './api-keys.ts';
import { presentedApiKey } from './http/api-key-header.ts';
import { recordDemoRefusal } from './audit/demo-refusal.ts';
import { actingIn, type AuditEventInput } from './audit/record.ts';
import { spendWrite } from './write-budget.ts';
import { resolveKeyOrganization, resolveMembership, type OrganizationScope } from './organization-scope.ts';
import { signedInRecently } from './recent-sign-in.ts';

export interface RpcMeta {
  /** Required: a procedure without one fails closed. */
  permission?: Permission | 'signed-in' | 'public';
  /**
   * How to find the owner of the row a call is about (`ownedBy` in src/server/ownership.ts). Required when the
   * permission asks for an action a role may hold on its own rows only (`update:own`): such a call without
   * it fails closed.
   */
  owner?: RowOwner;
  /**
   * A GET whose answer may be a few seconds old and decides no write: read from a replica when there are
   * some (DATABASE_REPLICA_URLS), unless the caller has just written (src/server/db/read-your-writes.ts).
   */
  replica?: true;
  /**
   * Rows an organisation owns: the caller's membership in the active organisation or the path's `{slug}`,
   * resolved and checked here (src/server/organization-scope.ts); `inOrganization` below declares it.
   */
  organization?: OrganizationScope;
  /**
   * A sensitive action: a session signed in more than RECENT_SIGN_IN_SECONDS ago is answered SESSION_EXPIRED
   * (src/server/recent-sign-in.ts), and the interface has the person confirm it is them first.
   */
  recentSignIn?: true;
  /**
   * `false`: kept away from agents. The procedure is no tool of /api/mcp (src/server/mcp/tools.ts), whatever a
   * key holds; a program still calls it over /api/rpc with a key that holds its permission.
   */
  agents?: false;
}

/** The owner of the row `input` names: its id, `null` for a row with no owner, `undefined` for no such row. */
export interface RowOwner {
  find: (db: Database, input: unknown) => Promise<string | null | undefined>;
  /** The translation key of the 404 for a row that does not exist. */
  notFound: string;
}

export interface RpcContext extends ResponseHeadersPluginContext {
  request: Request;
  /** Set by /api/mcp's tool calls (src/server/mcp/tools.ts): the audit rows they write say so (`details.via`). */
  via?: 'mcp';
}

const READ_ACTIONS = new Set(['read', 'list']);

/** Who a refused write is recorded under. */
type Caller = Pick<AuditEventInput, 'actor' | 'impersonatorId' | 'apiKey'>;
const isWrite = (permission: NonNullable<RpcMeta['permission']>) =>
  typeof permission === 'object' && Object.values(permission).some((actions) => actions?.some((a) => !READ_ACTIONS.has(a)));

/** A demo's refusal of a write, recorded under its caller (a key's owner and the key, or the session's person). */
async function demoRefusal(request: Request, path: string | null, t: Translate, who: Caller) {
  await recordDemoRefusal(await database(), { ...who, details: { path }, request });
  return apiError('DEMO_MODE', t('authErrors:DEMO_MODE'));
}

/** A key's own rate limit answers 429 with Retry-After, as the write budget does. */
const retryAfter =
  (context: RpcContext) =>
  (error: unknown): never => {
    const seconds = (error as { data?: { retryAfter?: number } }).data?.retryAfter;
    if (seconds) context.resHeaders?.set('Retry-After', String(seconds));
    throw error;
  };

/**
 * How far a caller reaches with a resource permission: `refused`, the first resource it does not hold; else
 * `ownOnly`, the first it holds on its own rows only (the row's owner decides). A key holds what it was given and
 * what its owner may do now, whichever is less.
 */
function reachOf(permission: Permission, byRole: Holds, byKey: Holds | null): { refused: string | null; ownOnly: string | null } {
  let ownOnly: string | null = null;
  for (const [resource, actions] of Object.entries(permission)) {
    for (const action of actions ?? []) {
      const reached = [reach(byRole, resource, action), byKey ? reach(byKey, resource, action) : 'any'];
      if (reached.includes(null)) return { refused: resource, ownOnly: null };
      if (reached.includes('own')) ownOnly ??= resource;
    }
  }
  return { refused: null, ownOnly };
}

/**
 * Whether the middleware below lets this key's calls through to a procedure, as far as permissions go (a row's
 * owner, on `own` rows, is checked at the call): what /api/mcp's `tools/list` shows (src/server/mcp/tools.ts).
 */
export function keyMayCall(meta: RpcMeta, key: KeyCaller): boolean {
  const permission = meta.permission;
  if (key.organization) return organizationKeyRefusal(meta, key) === null;
  // No permission fails closed; a signed-in procedure answers API_KEY_SESSION_ONLY to a key.
  if (!permission || permission === 'signed-in' || !key.owner) return false;
  if (permission === 'public') return true;
  return reachOf(permission, roleHolds(effectiveRole(key.owner)), keyHolds(key.key.permissions)).refused === null;
}

/**
 * What an organisation's key may call (docs/decisions/103-organisation-api-keys.md): a procedure on its own
 * organisation's rows that names a grant the key holds (checked with the organisation, in
 * src/server/organization-scope.ts), or one of the product's that a plain member may call, within the key's
 * grants. Never a person's account ('signed-in'), never a row of a person's own (an organisation owns none).
 * Answers why not: the session-only refusal, or the resource refused; null when it may.
 */
function organizationKeyRefusal(meta: RpcMeta, key: KeyCaller): 'session-only' | { resource: string } | null {
  const permission = meta.permission;
  if (!permission) return 'session-only';
  if (meta.organization) {
    if (!meta.organization.key) return 'session-only';
    const holds = keyHolds(key.key.permissions);
    for (const [resource, actions] of Object.entries(meta.organization.key)) {
      if (!(actions ?? []).every((action) => holds(resource, action))) return { resource };
    }
    return null;
  }
  if (permission === 'public') return null;
  if (permission === 'signed-in') return 'session-only';
  const { refused, ownOnly } = reachOf(permission, roleHolds(ORGANIZATION_KEY_ROLE), keyHolds(key.key.permissions));
  const denied = refused ?? ownOnly;
  return denied ? { resource: denied } : null;
}

/** What an organisation's key may do of the product's, at most: what a plain member may (its grants narrow it). */
const ORGANIZATION_KEY_ROLE = 'user';

export const base = os
  .$context<RpcContext>()
  .$meta<RpcMeta>({})
  .use(async ({ context, procedure, next }, input: unknown) => {
    const t: Translate = await apiTranslator(context.request);
    const meta = procedure['~orpc'].meta;
    const path = procedure['~orpc'].route.path ?? null;
    const method = procedure['~orpc'].route.method ?? 'POST';
    const permission = meta.permission;
    if (!permission) throw apiError('INTERNAL_SERVER_ERROR', t('api:INTERNAL_SERVER_ERROR'));

    // A key, when one is presented, is the caller: a session cookie beside it is not read.
    const secret = presentedApiKey(context.request);
    const viaKey: KeyCaller | null = secret === undefined ? null : await keyCaller(context.request, secret, t).catch(retryAfter(context));
    const session = viaKey ? null : await requestSession(context.request);
    const caller = viaKey?.owner ?? session?.user;
    const user = caller ? { ...caller, role: effectiveRole(caller) } : null;
    // An organisation's key acts as its organisation: no person, no role but the grants it was given.
    const keyOrganization = viaKey?.organization ?? null;
    const impersonatorId = session?.session.impersonatedBy ?? null;
    const apiKey = viaKey
      ? {
          id: viaKey.key.id,
          name: viaKey.key.name,
          ...(keyOrganization && { organizationId: keyOrganization.id }),
          ...(context.via && { via: context.via }),
        }
      : null;

    if (permission !== 'public' && viaKey && keyOrganization) {
      // Checked with the organisation below when the procedure is on an organisation's rows.
      const refusal = meta.organization ? null : organizationKeyRefusal(meta, viaKey);
      if (refusal === 'session-only') throw apiError('API_KEY_SESSION_ONLY', t('api:API_KEY_SESSION_ONLY'));
      if (refusal) throw apiError('FORBIDDEN', t('authErrors:FORBIDDEN', { resource: refusal.resource }), refusal);
      const writes = isWrite(permission) || (meta.organization !== undefined && method !== 'GET');
      if (env().demoMode && writes) {
        throw await demoRefusal(context.request, path, t, actingIn({ user: null, impersonatorId: null, apiKey, request: context.request }));
      }
    } else if (permission !== 'public') {
      if (!user) {
        // Signed in with a first factor and not yet with the second: no session, and told what is missing.
        if (secondFactorPending(context.request)) throw apiError('SECOND_FACTOR_REQUIRED', t('api:SECOND_FACTOR_REQUIRED'));
        throw apiError('UNAUTHORIZED', t('api:UNAUTHORIZED'));
      }
      // One's own account, sessions and sign-in methods answer a signed-in person only.
      if (viaKey && permission === 'signed-in') throw apiError('API_KEY_SESSION_ONLY', t('api:API_KEY_SESSION_ONLY'));
      // AUTH_TWO_FACTOR: until they set one up, only their own account answers them (where they set it up), and the
      // list of their organisations' names the app's frame shows; no organisation's rows, pages or invitations. A key
      // is its own credential; an impersonating administrator passed the policy to start.
      const routePath = procedure['~orpc'].route.path ?? '';
      const ownAccount =
        meta.organization === undefined &&
        (permission === 'signed-in'
          ? routePath.startsWith('/account/') || (routePath === '/organizations' && method === 'GET')
          : Object.keys(permission).every((resource) => resource === 'account'));
      if (
        !viaKey &&
        !impersonatorId &&
        !ownAccount &&
        secondFactorMissing(env(), user.role, (caller as { twoFactorEnabled?: unknown }).twoFactorEnabled)
      ) {
        throw apiError('TWO_FACTOR_SETUP_REQUIRED', t('api:TWO_FACTOR_SETUP_REQUIRED'));
      }
      if (meta.recentSignIn && session && !signedInRecently(session.session.createdAt)) {
        throw apiError('SESSION_EXPIRED', t('authErrors:SESSION_EXPIRED'));
      }
      const { refused, ownOnly } =
        permission === 'signed-in'
          ? { refused: null, ownOnly: null }
          : reachOf(permission, roleHolds(user.role), viaKey ? keyHolds(viaKey.key.permissions) : null);
      if (refused) throw apiError('FORBIDDEN', t('authErrors:FORBIDDEN', { resource: refused }), { resource: refused });
      if (ownOnly) {
        const owner = meta.owner;
        if (!owner) {
          logger().error({ path: procedure['~orpc'].route.path }, 'an own-rows permission without meta.owner: refused');
          throw apiError('INTERNAL_SERVER_ERROR', t('api:INTERNAL_SERVER_ERROR'));
        }
        const ownerId = await refusingBadInput(path, t, async () => owner.find(await database(), input));
        if (ownerId === undefined) throw apiError('NOT_FOUND', t(owner.notFound));
        if (ownerId !== user.id) throw apiError('FORBIDDEN', t('authErrors:FORBIDDEN', { resource: ownOnly }), { resource: ownOnly });
      }
      // An organisation's rows are written by its members ('signed-in'): any call but a GET writes.
      const writes = isWrite(permission) || (meta.organization !== undefined && method !== 'GET');
      if (env().demoMode && writes) {
        throw await demoRefusal(
          context.request,
          procedure['~orpc'].route.path ?? null,
          t,
          actingIn({ user, impersonatorId, apiKey, request: context.request }),
        );
      }
    }
    const scoped =
      meta.organization && keyOrganization && viaKey
        ? resolveKeyOrganization(meta.organization, {
            organization: keyOrganization,
            permissions: viaKey.key.permissions,
            input,
            t,
          })
        : meta.organization && user
          ? await refusingBadInput(path, t, async () =>
              resolveMembership(await database(), meta.organization!, {
                userId: user.id,
                activeOrganizationId: (session?.session as { activeOrganizationId?: string | null } | undefined)?.activeOrganizationId,
                input,
                t,
                impersonated: Boolean(impersonatorId),
              }),
            )
          : null;
    const reads = method === 'GET';
    const db = reads && meta.replica ? await databaseForReads(user?.id) : await database();
    // Every write counts, before its input is read: a person's, or an organisation key's under the organisation.
    // A demo refuses them all anyway.
    const writer = user?.id ?? (keyOrganization && `organization:${keyOrganization.id}`);
    if (writer && !env().demoMode && !reads) {
      const spent = await spendWrite(db, writer);
      if (!spent.allowed) {
        context.resHeaders?.set('Retry-After', String(spent.retryAfter));
        throw apiError('TOO_MANY_REQUESTS', t('authErrors:TOO_MANY_REQUESTS'), { retryAfter: spent.retryAfter });
      }
      await rememberWrite(writer);
    }
    return refusingBadInput(path, t, () =>
      next({
        context: {
          db,
          user,
          sessionId: session?.session.id ?? null,
          impersonatorId,
          apiKey,
          t,
          organization: scoped?.organization ?? null,
          membership: scoped?.membership ?? null,
        },
      }),
    );
  });

/**
 * A data exception comes from the client's input (a NUL in a path's slug, a number out of range): 400, not 500.
 * Logged: the input schema should have refused it. Around everything that reads the database with the input.
 */
async function refusingBadInput<T>(path: string | null, t: Translate, run: () => PromiseLike<T> | T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const sqlState = dataException(error);
    if (!sqlState) throw error;
    logger().warn({ err: error, sqlState, path }, 'input refused by the database');
    throw apiError('INPUT_VALIDATION_FAILED', t('api:INPUT_VALIDATION_FAILED'));
  }
}

/**
 * A procedure on an organisation's rows, for its members: `from` says which organisation, `may` the right its
 * role must hold there. The middleware above resolves and checks the membership; this only narrows the type.
 */
export function inOrganization(scope: OrganizationScope) {
  return base.meta({ permission: 'signed-in', organization: scope }).use(({ context, next }) => {
    if (!context.organization) throw apiError('INTERNAL_SERVER_ERROR', context.t('api:INTERNAL_SERVER_ERROR'));
    return next({ context: { organization: context.organization, membership: context.membership } });
  });
}
