// An API key in place of a session, on the product API only (docs/decisions/073-api-keys.md). Better Auth's
// API-key plugin makes the secret and stores its SHA-256; using one is checked here, in one statement that counts
// the use within the key's rate limit (the plugin's own rule and columns), because going through the plugin's
// verify endpoint cost 2.6 times a session's CPU per request (decision 073). The owner is read on every request,
// so a demotion, a ban or a deletion counts at once; the permission middleware (rpc.ts) then asks both the
// owner's current role and the key's own permissions.
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Permission } from '#/lib/permissions';
import { apiError, type Translate } from './api-errors.ts';
import type { Database } from './db/client.ts';
import { database } from './db/index.ts';
import { apikey, organization as organizationTable, user as userTable } from './db/schema.ts';
import { env } from './env.ts';
import { MCP_PATH, oauthGrant, scopePermissions } from './oauth-agents.ts';
import { API_KEY_PREFIX } from './http/api-key-header.ts';
import { ownerColumns } from './request-session.ts';
import { spendClientCall } from './write-budget.ts';

export interface KeyCaller {
  /** An OAuth client's grant is a key too (docs/decisions/105-agents-signed-in-with-oauth.md): its client id and name. */
  key: { id: string; name: string; permissions: Permission };
  /** A person's key: its owner, read now. Null for an organisation's key, which acts as the organisation. */
  owner: Awaited<ReturnType<typeof readOwner>> | null;
  /** An organisation's key (docs/decisions/103-organisation-api-keys.md): the organisation it acts as. */
  organization: KeyOrganization | null;
}

export interface KeyOrganization {
  id: string;
  name: string;
  slug: string;
}

async function readOwner(id: string) {
  const db = await database();
  const [row] = await db.select(ownerColumns).from(userTable).where(eq(userTable.id, id));
  return row;
}

const perRequest = new WeakMap<Request, Promise<KeyCaller>>();

/** The key's caller, read once per request (its use is counted once); a refusal is a translated 401, 403 or 429. */
export function keyCaller(request: Request, secret: string, t: Translate): Promise<KeyCaller> {
  let caller = perRequest.get(request);
  if (!caller) {
    // An OAuth access token is taken where its audience is, the MCP server, and nowhere else.
    const oauth = !secret.startsWith(API_KEY_PREFIX) && new URL(request.url).pathname === MCP_PATH;
    caller = oauth ? verifyOAuth(secret, t) : verify(secret, t);
    perRequest.set(request, caller);
  }
  return caller;
}

/** As the plugin stores it (its `defaultKeyHasher`): SHA-256, base64url without padding. */
export const hashOfKey = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** The plugin's window: it starts again once `rate_limit_time_window` ms have passed since the last use. */
const windowOver = sql`(${apikey.lastRequest} is null or ${apikey.lastRequest} <= now() - ${apikey.rateLimitTimeWindow} * interval '1 millisecond')`;
const limited = sql`(${apikey.rateLimitEnabled} and ${apikey.rateLimitMax} is not null and ${apikey.rateLimitTimeWindow} is not null)`;

async function verify(secret: string, t: Translate): Promise<KeyCaller> {
  const db = await database();
  const hash = hashOfKey(secret);
  const usable = and(eq(apikey.key, hash), eq(apikey.enabled, true), or(isNull(apikey.expiresAt), gt(apikey.expiresAt, sql`now()`)));
  // Counted only when the window allows it: a refused use changes nothing.
  const [key] = await db
    .update(apikey)
    .set({ requestCount: sql`case when ${windowOver} then 1 else ${apikey.requestCount} + 1 end`, lastRequest: sql`now()` })
    .where(and(usable, sql`(not ${limited} or ${windowOver} or ${apikey.requestCount} < ${apikey.rateLimitMax})`))
    .returning({
      id: apikey.id,
      name: apikey.name,
      permissions: apikey.permissions,
      referenceId: apikey.referenceId,
      configId: apikey.configId,
    });
  if (!key) throw await refusal(hash, t);
  const granted = {
    id: key.id,
    name: key.name ?? '',
    permissions: (key.permissions ? JSON.parse(key.permissions) : {}) as Permission,
  };
  if (key.configId === 'organization') {
    const [organization] = await db
      .select({ id: organizationTable.id, name: organizationTable.name, slug: organizationTable.slug })
      .from(organizationTable)
      .where(eq(organizationTable.id, key.referenceId));
    if (!organization) throw apiError('API_KEY_INVALID', t('api:API_KEY_INVALID'));
    return { key: granted, owner: null, organization };
  }
  const owner = await readOwner(key.referenceId);
  if (!owner) throw apiError('API_KEY_INVALID', t('api:API_KEY_INVALID'));
  if (owner.banned && (!owner.banExpires || owner.banExpires.getTime() > Date.now())) {
    throw apiError('BANNED_USER', t('authErrors:BANNED_USER'));
  }
  return { key: granted, owner, organization: null };
}

/** An OAuth client's token: its person, read now, with what the consented scopes grant. */
async function verifyOAuth(token: string, t: Translate): Promise<KeyCaller> {
  const grant = await oauthGrant(token, env());
  const owner = grant && (await readOwner(grant.userId));
  if (!grant || !owner) throw apiError('UNAUTHORIZED', t('api:OAUTH_TOKEN_INVALID'));
  if (owner.banned && (!owner.banExpires || owner.banExpires.getTime() > Date.now())) {
    throw apiError('BANNED_USER', t('authErrors:BANNED_USER'));
  }
  const spent = await spendClientCall(await database(), grant.clientId, grant.userId);
  if (!spent.allowed) throw apiError('TOO_MANY_REQUESTS', t('authErrors:TOO_MANY_REQUESTS'), { retryAfter: spent.retryAfter });
  return { key: { id: grant.clientId, name: grant.clientName, permissions: scopePermissions(grant.scopes) }, owner, organization: null };
}

/** Why a key was refused: unknown or revoked (401), expired (401), or past its rate limit (429, when it is free again). */
async function refusal(hash: string, t: Translate) {
  const db = await database();
  const [row] = await db
    .select({
      enabled: apikey.enabled,
      expired: sql<boolean>`${apikey.expiresAt} is not null and ${apikey.expiresAt} <= now()`,
      freeInMs: sql<number>`ceil(extract(epoch from (${apikey.lastRequest} + ${apikey.rateLimitTimeWindow} * interval '1 millisecond' - now())) * 1000)`,
    })
    .from(apikey)
    .where(eq(apikey.key, hash));
  if (!row || !row.enabled) return apiError('API_KEY_INVALID', t('api:API_KEY_INVALID'));
  if (row.expired) return apiError('API_KEY_EXPIRED', t('api:API_KEY_EXPIRED'));
  const retryAfter = Math.max(1, Math.ceil(Number(row.freeInMs ?? 1000) / 1000));
  return apiError('TOO_MANY_REQUESTS', t('authErrors:TOO_MANY_REQUESTS'), { retryAfter });
}

/** A key as the account page, the manager, the account export and an organisation's settings show it: never its hash. */
export const listedKeyColumns = {
  id: apikey.id,
  name: apikey.name,
  start: apikey.start,
  permissions: apikey.permissions,
  createdAt: apikey.createdAt,
  lastUsedAt: apikey.lastRequest,
  expiresAt: apikey.expiresAt,
};

export function toApiKey(row: { [K in keyof typeof listedKeyColumns]: (typeof listedKeyColumns)[K]['_']['data'] | null }) {
  return {
    id: row.id!,
    name: row.name ?? '',
    start: row.start,
    permissions: row.permissions ? (JSON.parse(row.permissions) as Record<string, string[]>) : {},
    createdAt: row.createdAt!,
    lastUsedAt: row.lastUsedAt,
    expiresAt: row.expiresAt,
  };
}

/** A person's keys, oldest first. */
export const keysOf = async (db: Database, userId: string) =>
  (await db.select(listedKeyColumns).from(apikey).where(eq(apikey.userId, userId)).orderBy(asc(apikey.createdAt), asc(apikey.id))).map(
    toApiKey,
  );
