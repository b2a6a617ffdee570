// "Download my data": everything the product holds about the signed-in person, in one JSON file. A plain GET
// (a link that works without JavaScript), routed in src/server.ts like the audit CSV. Never a secret: session
// tokens are shortened, and of a sign-in method only which provider and which identity there.
import { asc, desc, eq, sql } from 'drizzle-orm';
import { identitySlug } from '#/lib/identity';
import { apiTranslator } from '#/server/api-errors.ts';
import { asSeenByOwner, ownEvents } from '#/server/audit/own-events.ts';
import { recordAuditEvent } from '#/server/audit/record.ts';
import type { Database } from '#/server/db/client.ts';
import { database } from '#/server/db/index.ts';
import {
  account,
  auditEvent,
  invitation,
  member,
  oauthClient,
  oauthConsent,
  organization,
  passkey,
  session,
  team,
  teamMember,
} from '#/server/db/schema.ts';
import { env } from '#/server/env.ts';
import { requestSession } from '#/server/request-session.ts';
import { effectiveRole } from '#/server/roles.ts';
import { shortToken } from '#/server/session-tokens.ts';
import { describeUserAgent } from '#/server/user-agent.ts';
import { keysOf } from '#/server/api-keys.ts';
import { spendWrite } from '#/server/write-budget.ts';
// example:start
import { book, shelfItem } from '#/server/db/schema.ts';
// example:end

/** Raised when the file's shape changes in a way a reader of an older file would notice. */
const FORMAT = 1;

/**
 * Every table with a column that points at a person (a foreign key to `user`), by its SQL name: the file's
 * section that holds the person's rows, or why the table is left out. A table missing here fails
 * src/features/account/account-export-coverage.test.ts, which names it: a new table a person owns is
 * exported (or knowingly left out) from the day it is added.
 */
export const PERSON_TABLES: Record<string, { section: keyof AccountExport } | { excluded: string }> = {
  session: { section: 'sessions' },
  account: { section: 'signInMethods' },
  passkey: { section: 'passkeys' },
  api_key: { section: 'apiKeys' },
  member: { section: 'organizations' },
  team_member: { section: 'teams' },
  // example:start
  shelf_item: { section: 'shelf' },
  // example:end
  invitation: {
    excluded:
      "its inviter column records who sent it; an invitation belongs to its organisation, and those addressed to the person are in 'invitations'",
  },
  two_factor: {
    excluded: "the authenticator app's secret and the recovery codes' hashes are credentials, as a passkey's key is",
  },
  oauth_consent: { section: 'connectedApps' },
  oauth_client: {
    excluded:
      "its user column records who registered it, when one was signed in; a client is its maker's program, and those the person allowed are in 'connectedApps'",
  },
  oauth_access_token: { excluded: 'credentials of a connected app, as an API key’s hash is' },
  oauth_refresh_token: { excluded: 'credentials of a connected app, as an API key’s hash is' },
  webhook_endpoint: {
    excluded: "its created-by column records who made it; an endpoint is the product's or its organisation's, not the person's",
  },
};

type Person = NonNullable<Awaited<ReturnType<typeof requestSession>>>['user'];

type AccountExport = Awaited<ReturnType<typeof readAccountExport>>;

/** What the file holds, read in one transaction with the event that records the export. */
async function readAccountExport(db: Database, me: Person, currentSessionId: string, exportedAt: Date) {
  // One after the other: a transaction holds one connection.
  const methods = await db
    .select({ providerId: account.providerId, accountId: account.accountId, createdAt: account.createdAt })
    .from(account)
    .where(eq(account.userId, me.id))
    .orderBy(asc(account.createdAt));
  // A passkey's name and dates: its public key and credential id are the authenticator's, not the person's data.
  const passkeys = await db
    .select({ name: passkey.name, createdAt: passkey.createdAt, lastUsedAt: passkey.lastUsedAt })
    .from(passkey)
    .where(eq(passkey.userId, me.id))
    .orderBy(asc(passkey.createdAt));
  // A key's name, first characters, permissions and dates: never its hash.
  const apiKeys = await keysOf(db, me.id);
  // The MCP clients the person allowed (decision 105): which, what they asked for, and since when.
  const connectedApps = await db
    .select({ clientId: oauthConsent.clientId, name: oauthClient.name, scopes: oauthConsent.scopes, connectedAt: oauthConsent.createdAt })
    .from(oauthConsent)
    .innerJoin(oauthClient, eq(oauthClient.clientId, oauthConsent.clientId))
    .where(eq(oauthConsent.userId, me.id))
    .orderBy(asc(oauthConsent.createdAt));
  const sessions = await db.select().from(session).where(eq(session.userId, me.id)).orderBy(desc(session.updatedAt));
  const memberships = await db
    .select({ id: organization.id, name: organization.name, slug: organization.slug, role: member.role, joinedAt: member.createdAt })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, me.id))
    .orderBy(asc(member.createdAt));
  const teams = await db
    .select({
      id: team.id,
      name: team.name,
      organization: { id: organization.id, name: organization.name },
      joinedAt: teamMember.createdAt,
    })
    .from(teamMember)
    .innerJoin(team, eq(team.id, teamMember.teamId))
    .innerJoin(organization, eq(organization.id, team.organizationId))
    .where(eq(teamMember.userId, me.id))
    .orderBy(asc(teamMember.createdAt));
  // example:start
  const shelf = await db
    .select({
      id: shelfItem.id,
      organization: { id: organization.id, name: organization.name },
      book: { id: book.id, title: book.title, author: book.author },
      note: shelfItem.note,
      addedAt: shelfItem.createdAt,
    })
    .from(shelfItem)
    .innerJoin(organization, eq(organization.id, shelfItem.organizationId))
    .innerJoin(book, eq(book.id, shelfItem.bookId))
    .where(eq(shelfItem.addedBy, me.id))
    .orderBy(desc(shelfItem.createdAt));
  // example:end
  const invitations = await db
    .select({
      id: invitation.id,
      organization: { id: organization.id, name: organization.name },
      email: invitation.email,
      role: invitation.role,
      status: invitation.status,
      createdAt: invitation.createdAt,
      expiresAt: invitation.expiresAt,
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .where(sql`lower(${invitation.email}) = lower(${me.email})`)
    .orderBy(desc(invitation.createdAt));
  // The same events, and the same blanks, as the account page's security activity.
  const events = await db
    .select({
      id: sql<string>`${auditEvent.id}::text`,
      createdAt: auditEvent.createdAt,
      action: auditEvent.action,
      actorId: auditEvent.actorId,
      actorName: auditEvent.actorName,
      impersonatorId: auditEvent.impersonatorId,
      impersonatorName: auditEvent.impersonatorName,
      targetType: auditEvent.targetType,
      targetId: auditEvent.targetId,
      targetLabel: auditEvent.targetLabel,
      ipAddress: auditEvent.ipAddress,
      userAgent: auditEvent.userAgent,
      changes: auditEvent.changes,
      details: auditEvent.details,
    })
    .from(auditEvent)
    .where(ownEvents(me.id))
    .orderBy(desc(auditEvent.createdAt), desc(auditEvent.id));

  return {
    format: FORMAT,
    exportedAt,
    profile: {
      id: me.id,
      name: me.name,
      email: me.email,
      emailVerified: me.emailVerified,
      role: effectiveRole(me),
      // Absolute, so the file still says where the picture is away from the site.
      picture: me.image ? new URL(me.image, env().baseUrl).href : null,
      createdAt: me.createdAt,
      updatedAt: me.updatedAt,
      onboardedAt: me.onboardedAt ?? null,
    },
    signInMethods: methods,
    passkeys,
    apiKeys,
    connectedApps,
    sessions: sessions.map((s) => ({
      id: s.id,
      token: shortToken(s.token),
      current: s.id === currentSessionId,
      device: describeUserAgent(s.userAgent),
      userAgent: s.userAgent,
      ipAddress: s.ipAddress,
      impersonated: Boolean(s.impersonatedBy),
      createdAt: s.createdAt,
      lastActiveAt: s.updatedAt,
      expiresAt: s.expiresAt,
    })),
    organizations: memberships,
    teams,
    // example:start
    shelf,
    // example:end
    invitations,
    auditEvents: events.map((event) => asSeenByOwner(event, me.id)),
  };
}

const jsonError = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store', ...headers } });

export async function handleAccountExport(request: Request): Promise<Response> {
  const t = await apiTranslator(request);
  const signedIn = await requestSession(request);
  if (!signedIn) return jsonError(401, { code: 'UNAUTHORIZED', message: t('api:UNAUTHORIZED') });
  const { user: me, session: current } = signedIn;
  const db = await database();
  // Each export writes an event that is kept a year: budgeted like the product API's writes, in a demo too.
  const spent = await spendWrite(db, me.id);
  if (!spent.allowed) {
    return jsonError(
      429,
      { code: 'TOO_MANY_REQUESTS', message: t('authErrors:TOO_MANY_REQUESTS'), data: { retryAfter: spent.retryAfter } },
      { 'Retry-After': String(spent.retryAfter) },
    );
  }
  const exportedAt = new Date();
  // Refused for nobody, demo mode included: beside the budget's counter, the event is the only write.
  const data = await db.transaction(async (tx) => {
    const read = await readAccountExport(tx, me, current.id, exportedAt);
    await recordAuditEvent(tx, {
      action: 'account.data-exported',
      actor: { id: me.id, name: me.name },
      impersonatorId: current.impersonatedBy ?? null,
      target: { type: 'user', id: me.id, label: me.email },
      request,
    });
    return read;
  });
  const day = exportedAt.toISOString().slice(0, 10);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${identitySlug}-data-${day}.json"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
