// MCP clients a person connected with OAuth (docs/decisions/105-agents-signed-in-with-oauth.md): what the consent
// page shows of a client asking, and the account page's list, where a client is disconnected — its consent and every
// token it holds removed at once, so its next call is refused (src/server/oauth-agents.ts reads a token each time).
import { and, desc, eq, sql } from 'drizzle-orm';
import { API_KEY_RESOURCES, roleHolds, statements } from '#/lib/permissions';
import { z } from '#/lib/zod';
import { apiError } from '#/server/api-errors.ts';
import { actingIn, recordAuditEvent } from '#/server/audit/record.ts';
import { oauthAccessToken, oauthClient, oauthConsent, oauthRefreshToken, verification } from '#/server/db/schema.ts';
import { shownClientName } from '#/server/oauth-agents.ts';
import { base } from '#/server/rpc.ts';

/** A consented scope as a person reads it: the resource, and the actions their role holds on it today. */
const grantSchema = z.object({ resource: z.string(), actions: z.array(z.string()) });

const connectedAppSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  /** Its home page, as it registered it. */
  uri: z.string().nullable(),
  connectedAt: z.date(),
  grants: z.array(grantSchema),
});

const consentRequestSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  uri: z.string().nullable(),
  /** Where the person goes back to after answering: the host of the registered address this request names. */
  redirectHost: z.string().nullable(),
  grants: z.array(grantSchema),
  /** It asked to stay connected (a refresh token) rather than for an hour. */
  offline: z.boolean(),
});

/** The scopes' grants this role holds something of, in declaration order (src/server/oauth-agents.ts: a scope per resource). */
function grantsOf(scopes: readonly string[], role: string | null | undefined) {
  const holds = roleHolds(role);
  return API_KEY_RESOURCES.filter((resource) => scopes.includes(resource)).flatMap((resource) => {
    const actions = (statements[resource] as readonly string[]).filter((action) => holds(resource, action));
    return actions.length ? [{ resource, actions }] : [];
  });
}

const hostOf = (uri: string | undefined) => (uri && URL.canParse(uri) ? new URL(uri).host || uri : null);

export const connectedAppsRouter = {
  list: base
    .meta({ permission: 'signed-in' })
    .route({
      method: 'GET',
      path: '/account/connected-apps',
      summary: 'The MCP clients the caller connected, the latest first',
      tags: ['account'],
    })
    .input(z.object({}).optional())
    .output(z.array(connectedAppSchema))
    .handler(async ({ context }) => {
      const me = context.user!;
      const rows = await context.db
        .select({
          clientId: oauthClient.clientId,
          name: oauthClient.name,
          uri: oauthClient.uri,
          connectedAt: oauthConsent.createdAt,
          scopes: oauthConsent.scopes,
        })
        .from(oauthConsent)
        .innerJoin(oauthClient, eq(oauthClient.clientId, oauthConsent.clientId))
        .where(eq(oauthConsent.userId, me.id))
        .orderBy(desc(oauthConsent.createdAt), desc(oauthConsent.id));
      return rows.map((row) => ({
        clientId: row.clientId,
        name: shownClientName(row.name, row.clientId),
        uri: row.uri,
        connectedAt: row.connectedAt ?? new Date(0),
        grants: grantsOf(row.scopes, me.role),
      }));
    }),
  consentRequest: base
    .meta({ permission: 'signed-in' })
    .route({
      method: 'GET',
      path: '/account/connected-apps/requests/{clientId}',
      summary: 'What the consent page shows of a client asking to connect',
      tags: ['account'],
    })
    .input(
      z.object({
        clientId: z.string().min(1).max(200),
        scope: z.string().max(2000).optional(),
        redirectUri: z.string().max(2000).optional(),
      }),
    )
    .output(consentRequestSchema)
    .handler(async ({ input, context }) => {
      const [client] = await context.db.select().from(oauthClient).where(eq(oauthClient.clientId, input.clientId));
      if (!client || client.disabled) throw apiError('NOT_FOUND', context.t('account:consent.unknownClient'));
      // No scope asked: the plugin grants what the client registered with.
      const scopes = input.scope ? input.scope.split(' ').filter(Boolean) : (client.scopes ?? []);
      return {
        clientId: client.clientId,
        name: shownClientName(client.name, client.clientId),
        uri: client.uri,
        // The request's own address when the client registered it (the plugin refuses any other), else its only one.
        redirectHost: hostOf(
          input.redirectUri !== undefined
            ? client.redirectUris.find((uri) => uri === input.redirectUri)
            : client.redirectUris.length === 1
              ? client.redirectUris[0]
              : undefined,
        ),
        grants: grantsOf(scopes, context.user!.role),
        offline: scopes.includes('offline_access'),
      };
    }),
  disconnect: base
    // A change to one's own account: a write that demo mode refuses.
    .meta({ permission: { account: ['update'] } })
    .route({
      method: 'DELETE',
      path: '/account/connected-apps/{clientId}',
      summary: 'Disconnect an MCP client: its consent and tokens go, and its next call is refused',
      tags: ['account'],
    })
    .input(z.object({ clientId: z.string().min(1).max(200) }))
    .output(z.object({ clientId: z.string() }))
    .handler(async ({ input, context }) => {
      const me = context.user!;
      const ended = await context.db.transaction(async (tx) => {
        const mine = (table: typeof oauthConsent | typeof oauthAccessToken | typeof oauthRefreshToken) =>
          and(eq(table.clientId, input.clientId), eq(table.userId, me.id));
        // Access tokens first: a refresh token's are its children.
        await tx.delete(oauthAccessToken).where(mine(oauthAccessToken));
        await tx.delete(oauthRefreshToken).where(mine(oauthRefreshToken));
        // And the codes issued and not yet exchanged: a client could otherwise trade one for a token after this
        // (a consent given earlier answers an authorization with a code straight away). The plugin keeps them as
        // verification values whose JSON names the client and the person.
        const codes = await tx
          .delete(verification)
          .where(
            sql`${verification.value} like '{"type":"authorization_code"%' and case when ${verification.value} like '{"type":"authorization_code"%'
              then ${verification.value}::jsonb->>'userId' = ${me.id} and ${verification.value}::jsonb->'query'->>'client_id' = ${input.clientId}
              else false end`,
          )
          .returning({ id: verification.id });
        const consents = await tx.delete(oauthConsent).where(mine(oauthConsent)).returning({ id: oauthConsent.id });
        if (consents.length) {
          const [client] = await tx.select({ name: oauthClient.name }).from(oauthClient).where(eq(oauthClient.clientId, input.clientId));
          await recordAuditEvent(tx, {
            ...actingIn(context),
            action: 'oauth-client.disconnected',
            target: { type: 'user', id: me.id, label: me.email },
            details: { clientId: input.clientId, name: client ? shownClientName(client.name, input.clientId) : null },
          });
        }
        return [...consents, ...codes];
      });
      if (!ended.length) throw apiError('NOT_FOUND', context.t('account:connectedApps.notFound'));
      return { clientId: input.clientId };
    }),
};
