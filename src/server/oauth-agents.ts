// MCP clients that cannot be given a key sign in with OAuth 2.1 (docs/decisions/105-agents-signed-in-with-oauth.md):
// Better Auth's `mcp()` preset of its OAuth provider registers them (RFC 7591), asks the person on our consent page,
// and issues access tokens bound to /api/mcp. The tokens are opaque and stored as their SHA-256, so a token is read
// on every request, as an API key is: disconnecting a client on the account page stops it at once.
import { createHash } from 'node:crypto';
import { mcp } from '@better-auth/mcp';
import { APIError } from 'better-auth/api';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { API_KEY_RESOURCES, statements, type Permission } from '#/lib/permissions';
import { database } from './db/index.ts';
import { oauthAccessToken, oauthClient } from './db/schema.ts';
import { apiTranslator } from './api-errors.ts';
import type { Env } from './env.ts';
import { logger } from './logger.ts';

/** Where the MCP server answers; the tokens' audience is this path on the configured address. */
export const MCP_PATH = '/api/mcp';
/** The consent page, which is also where an authorization without a session lands: it asks for a sign-in first. */
const OAUTH_CONSENT_PAGE = '/oauth/consent';
/** Refresh tokens, so a long-running agent keeps its connection without asking again. */
const OFFLINE = 'offline_access';
/**
 * A scope per resource an API key may be granted (src/lib/permissions.ts), with every action of its statement: a
 * token then does what its person's current role allows on the resources the person consented to, no more.
 */
const OAUTH_SCOPES = [...API_KEY_RESOURCES, OFFLINE] as const;

const mcpResource = (e: Pick<Env, 'baseUrl'>) => `${e.baseUrl}${MCP_PATH}`;

/**
 * On with an HTTPS address, or plain HTTP on a loopback host (development). Off in a read-only demo: connecting a
 * client writes its registration, the consent and tokens, and a demo's visitors make no keys either.
 */
export function oauthForAgentsOn(e: Pick<Env, 'baseUrl' | 'demoMode'>) {
  if (e.demoMode) return false;
  const { protocol, hostname } = new URL(e.baseUrl);
  const loopback = hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
  return protocol === 'https:' || loopback;
}

/** Elsewhere, OAuth for agents is off (with one line in the log, but in a demo), and agents use API keys. */
export function oauthForAgents(e: Env) {
  if (!oauthForAgentsOn(e)) {
    if (!e.demoMode)
      logger().warn({ baseUrl: e.baseUrl }, 'OAuth for MCP clients is off: BASE_URL is neither HTTPS nor a loopback address');
    return [];
  }
  return [
    mcp({
      resource: mcpResource(e),
      loginPage: OAUTH_CONSENT_PAGE,
      consentPage: OAUTH_CONSENT_PAGE,
      // Opaque tokens, read from the database on each request (above); no signing keys to keep.
      disableJwtPlugin: true,
      scopes: [...OAUTH_SCOPES],
      // A person's agent, never a machine of its own: organisations have their own keys for that (decision 103).
      grantTypes: ['authorization_code', 'refresh_token'],
      // MCP clients register themselves (RFC 7591); what they may do is what the person consents to.
      allowDynamicClientRegistration: true,
      allowUnauthenticatedClientRegistration: true,
      accessTokenExpiresIn: 3600,
    }),
  ];
}

/** As the plugin stores a token (`storeTokens: 'hashed'`): SHA-256, base64url without padding. */
const storedToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** What a consented scope grants: every action of the resource's statement; the role still decides (src/server/rpc.ts). */
export function scopePermissions(scopes: readonly string[]): Permission {
  const granted: Record<string, string[]> = {};
  for (const scope of scopes) {
    if ((API_KEY_RESOURCES as readonly string[]).includes(scope)) granted[scope] = [...statements[scope as keyof typeof statements]];
  }
  return granted as Permission;
}

export interface OAuthGrant {
  clientId: string;
  clientName: string;
  userId: string;
  scopes: string[];
}

/** The live grant an access token carries to /api/mcp: not expired, not revoked, its client not disabled. */
export async function oauthGrant(token: string, e: Pick<Env, 'baseUrl'>): Promise<OAuthGrant | null> {
  const db = await database();
  const [row] = await db
    .select({
      clientId: oauthAccessToken.clientId,
      clientName: oauthClient.name,
      userId: oauthAccessToken.userId,
      scopes: oauthAccessToken.scopes,
    })
    .from(oauthAccessToken)
    .innerJoin(oauthClient, eq(oauthClient.clientId, oauthAccessToken.clientId))
    .where(
      and(
        eq(oauthAccessToken.token, storedToken(token)),
        gt(oauthAccessToken.expiresAt, sql`now()`),
        isNull(oauthAccessToken.revoked),
        sql`coalesce(${oauthClient.disabled}, false) = false`,
        sql`${mcpResource(e)} = any(${oauthAccessToken.resources})`,
      ),
    );
  if (!row?.userId) return null;
  return { clientId: row.clientId, clientName: shownClientName(row.clientName, row.clientId), userId: row.userId, scopes: row.scopes };
}

/** The longest name a client may give itself: it is read on the consent card and the account page. */
const CLIENT_NAME_MAX = 100;
/** Controls, and the marks that turn text around (RLO, isolates, LRM/RLM, ALM): a name could read as another. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A client's name as a person is shown it: what a name registered before the rule below may still hold, taken out. */
export const shownClientName = (name: string | null, clientId: string) => (name ?? '').replace(UNSHOWABLE, '').trim() || clientId;

/**
 * The auth hooks' `before` step for registration: a name that reads as something it is not (a control character,
 * a mark that reverses text) or longer than a card line is refused, translated, before the plugin stores it.
 */
export async function refuseClientName(call: { path: string; body?: unknown; request?: Request | undefined }) {
  if (call.path !== '/oauth2/register') return;
  const name = (call.body as { client_name?: unknown } | null | undefined)?.client_name;
  if (typeof name !== 'string') return;
  UNSHOWABLE.lastIndex = 0;
  if (name.length <= CLIENT_NAME_MAX && !UNSHOWABLE.test(name)) return;
  const t = await apiTranslator(call.request ?? new Request('http://localhost/'));
  const message = t('api:OAUTH_CLIENT_NAME_INVALID', { max: String(CLIENT_NAME_MAX) });
  throw new APIError('BAD_REQUEST', {
    code: 'OAUTH_CLIENT_NAME_INVALID',
    message,
    error: 'invalid_client_metadata',
    error_description: message,
  });
}
