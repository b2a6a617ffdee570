// `drizzle-kit generate` turns changes here into SQL under drizzle/. Auth tables follow Better Auth's model.
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** The expression the trigram indexes are built on (f_unaccent: an immutable wrapper of unaccent). */
export const searchable = (column: AnyPgColumn | SQL) => sql`f_unaccent(lower(${column}))`;

/** Joined by U+001F, which no search term holds, so no match spans two fields. Kept by the database. */
const searchText = (...columns: string[]) =>
  text('search_text').generatedAlwaysAs(
    sql.join(
      columns.map((name) => searchable(sql`${sql.identifier(name)}`)),
      sql` || chr(31) || `,
    ),
  );

export const tripled = (text: SQL) => sql`regexp_replace(${text}, '(.)', '\\1\\1\\1', 'g')`;

/** Tripled, a 1–2 character term holds trigrams, so an index serves it too. Kept by the database. */
const searchTripled = (...columns: string[]) =>
  text('search_tripled').generatedAlwaysAs(
    tripled(
      sql.join(
        columns.map((name) => searchable(sql`${sql.identifier(name)}`)),
        sql` || chr(31) || `,
      ),
    ),
  );

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** The reading of src/lib/role-field.ts, in SQL. */
export const storedRoleIsAdmin = sql`'admin' = any(string_to_array(replace("role", ' ', ''), ','))`;

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    // A new session starts in it (src/server/active-organization.ts); no reference: a membership is checked then.
    lastActiveOrganizationId: text('last_active_organization_id'),
    // Better Auth's two-factor plugin's field: an authenticator app is set up and confirmed (docs/decisions/094-a-second-factor-on-every-way-in.md).
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    searchText: searchText('name', 'email'),
    searchTripled: searchTripled('name', 'email'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_email_unique').on(sql`lower(${t.email})`),
    index('user_search_trgm')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('user_search_tripled_trgm')
      .using('gin', sql`${t.searchTripled} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('user_created_at_id').on(t.createdAt, t.id),
    index('user_name_id').on(t.name, t.id),
    index('user_email_id').on(t.email, t.id),
    index('user_admin').on(t.id).where(storedRoleIsAdmin),
    index('user_banned')
      .on(t.id)
      .where(sql`${t.banned}`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    activeOrganizationId: text('active_organization_id'),
    activeTeamId: text('active_team_id'),
    ...timestamps,
  },
  (t) => [index('session_user_id').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_id').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier').on(t.identifier)],
);

/** Better Auth's passkey plugin's model (property names are its field names); `lastUsedAt` is ours, written after a sign-in. */
export const passkey = pgTable(
  'passkey',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    aaguid: text('aaguid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  // One row per credential: a sign-in finds its passkey by credential id.
  (t) => [index('passkey_user_id').on(t.userId), uniqueIndex('passkey_credential_id').on(t.credentialID)],
);

/**
 * Better Auth's two-factor plugin's model: one row per person with an authenticator app (property names are its
 * field names). `secret` is encrypted with the auth secret; `backupCodes` holds the recovery codes' keyed hashes,
 * never the codes (src/server/two-factor.ts). `lastUsedStep` is ours: the 30-second step of the last code accepted,
 * so a code is never accepted twice.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  },
  (t) => [uniqueIndex('two_factor_user_id').on(t.userId)],
);

/**
 * Better Auth's API-key plugin's model (property names are its field names; docs/decisions/073-api-keys.md).
 * `key` is the secret's SHA-256, never the secret; `start` its first characters, shown in lists.
 * `permissions` is JSON text as the plugin writes it. Milliseconds for the windows and intervals.
 */
export const apikey = pgTable(
  'api_key',
  {
    id: text('id').primaryKey(),
    configId: text('config_id').notNull().default('default'),
    name: text('name'),
    start: text('start'),
    prefix: text('prefix'),
    key: text('key').notNull(),
    // The owner: a person (config `default`) or an organisation (config `organization`), as the plugin writes it.
    // The two generated columns below name it by kind, so a deleted person's or organisation's keys go with them.
    referenceId: text('reference_id').notNull(),
    userId: text('user_id')
      .generatedAlwaysAs(sql`case when config_id = 'default' then reference_id end`)
      .references(() => user.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .generatedAlwaysAs(sql`case when config_id = 'organization' then reference_id end`)
      .references(() => organization.id, { onDelete: 'cascade' }),
    // An organisation's keys (docs/decisions/103-organisation-api-keys.md): who made one, and who revoked it when;
    // a revoked organisation key keeps its row (disabled), so its audit trail keeps its name.
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by').references(() => user.id, { onDelete: 'set null' }),
    refillInterval: integer('refill_interval'),
    refillAmount: integer('refill_amount'),
    lastRefillAt: timestamp('last_refill_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    rateLimitEnabled: boolean('rate_limit_enabled').notNull().default(true),
    rateLimitTimeWindow: integer('rate_limit_time_window'),
    rateLimitMax: integer('rate_limit_max'),
    requestCount: integer('request_count').notNull().default(0),
    remaining: integer('remaining'),
    lastRequest: timestamp('last_request', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    permissions: text('permissions'),
    metadata: text('metadata'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('api_key_key').on(t.key),
    index('api_key_reference_id').on(t.referenceId),
    index('api_key_user_id').on(t.userId),
    index('api_key_organization_id').on(t.organizationId),
  ],
);

/**
 * Better Auth's OAuth provider's models (its `mcp()` preset; docs/decisions/105-agents-signed-in-with-oauth.md):
 * the MCP clients people connect, their consents and tokens. Property names are its field names. Access and refresh
 * tokens are stored as their SHA-256 (the plugin's `storeTokens: 'hashed'`), never as the token.
 */
const withTime = {
  createdAt: timestamp('created_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
};

export const oauthClient = pgTable(
  'oauth_client',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().unique('oauth_client_client_id'),
    clientSecret: text('client_secret'),
    clientDiscoveryId: text('client_discovery_id'),
    disabled: boolean('disabled').default(false),
    skipConsent: boolean('skip_consent'),
    enableEndSession: boolean('enable_end_session'),
    subjectType: text('subject_type'),
    scopes: text('scopes').array(),
    clientCredentialsScopes: text('client_credentials_scopes').array(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    ...withTime,
    name: text('name'),
    uri: text('uri'),
    icon: text('icon'),
    contacts: text('contacts').array(),
    tos: text('tos'),
    policy: text('policy'),
    softwareId: text('software_id'),
    softwareVersion: text('software_version'),
    softwareStatement: text('software_statement'),
    redirectUris: text('redirect_uris').array().notNull(),
    postLogoutRedirectUris: text('post_logout_redirect_uris').array(),
    backchannelLogoutUri: text('backchannel_logout_uri'),
    backchannelLogoutSessionRequired: boolean('backchannel_logout_session_required'),
    tokenEndpointAuthMethod: text('token_endpoint_auth_method'),
    applicationType: text('application_type'),
    jwks: text('jwks'),
    jwksUri: text('jwks_uri'),
    grantTypes: text('grant_types').array(),
    responseTypes: text('response_types').array(),
    requirePKCE: boolean('require_pkce'),
    dpopBoundAccessTokens: boolean('dpop_bound_access_tokens').default(false),
    referenceId: text('reference_id'),
    metadata: jsonb('metadata'),
  },
  (t) => [index('oauth_client_user_id').on(t.userId)],
);

export const oauthResource = pgTable('oauth_resource', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull().unique('oauth_resource_identifier'),
  name: text('name').notNull(),
  accessTokenTtl: integer('access_token_ttl'),
  refreshTokenTtl: integer('refresh_token_ttl'),
  signingAlgorithm: text('signing_algorithm'),
  signingKeyId: text('signing_key_id'),
  allowedScopes: text('allowed_scopes').array(),
  customClaims: jsonb('custom_claims'),
  dpopBoundAccessTokensRequired: boolean('dpop_bound_access_tokens_required').default(false),
  disabled: boolean('disabled').default(false),
  ...withTime,
  policyVersion: integer('policy_version').default(1),
  metadata: jsonb('metadata'),
});

export const oauthClientResource = pgTable(
  'oauth_client_resource',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClient.clientId, { onDelete: 'cascade' }),
    resourceId: text('resource_id')
      .notNull()
      .references(() => oauthResource.identifier, { onDelete: 'cascade' }),
    metadata: jsonb('metadata'),
    createdAt: timestamp('created_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('oauth_client_resource_pair').on(t.clientId, t.resourceId), index('oauth_client_resource_resource').on(t.resourceId)],
);

/** What the access and refresh tokens share: who, for which client and resources, with which scopes. */
const grantColumns = () => ({
  clientId: text('client_id')
    .notNull()
    .references(() => oauthClient.clientId, { onDelete: 'cascade' }),
  sessionId: text('session_id').references(() => session.id, { onDelete: 'set null' }),
  referenceId: text('reference_id'),
  authorizationCodeId: text('authorization_code_id'),
  resources: text('resources').array(),
  requestedUserInfoClaims: text('requested_user_info_claims').array(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }),
  revoked: timestamp('revoked', { withTimezone: true }),
  confirmation: jsonb('confirmation'),
  scopes: text('scopes').array().notNull(),
});

export const oauthRefreshToken = pgTable(
  'oauth_refresh_token',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ...grantColumns(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    rotationReplayResponse: text('rotation_replay_response'),
    rotationReplayExpiresAt: timestamp('rotation_replay_expires_at', { withTimezone: true }),
    authTime: timestamp('auth_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('oauth_refresh_token_token').on(t.token),
    index('oauth_refresh_token_client_user').on(t.clientId, t.userId),
    index('oauth_refresh_token_user_id').on(t.userId),
    index('oauth_refresh_token_session_id').on(t.sessionId),
  ],
);

export const oauthAccessToken = pgTable(
  'oauth_access_token',
  {
    id: text('id').primaryKey(),
    token: text('token'),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    refreshId: text('refresh_id').references(() => oauthRefreshToken.id, { onDelete: 'cascade' }),
    ...grantColumns(),
  },
  (t) => [
    uniqueIndex('oauth_access_token_token').on(t.token),
    index('oauth_access_token_client_id').on(t.clientId),
    index('oauth_access_token_user_id').on(t.userId),
    index('oauth_access_token_refresh_id').on(t.refreshId),
    index('oauth_access_token_session_id').on(t.sessionId),
  ],
);

export const oauthConsent = pgTable(
  'oauth_consent',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClient.clientId, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    referenceId: text('reference_id'),
    resources: text('resources').array(),
    requestedUserInfoClaims: text('requested_user_info_claims').array(),
    scopes: text('scopes').array().notNull(),
    ...withTime,
  },
  (t) => [index('oauth_consent_client_user').on(t.clientId, t.userId), index('oauth_consent_user_id').on(t.userId)],
);

/** A `private_key_jwt` assertion's id, kept until it expires so it is used once (the plugin's model). */
export const oauthClientAssertion = pgTable('oauth_client_assertion', {
  id: text('id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** Apart from Better Auth's counters, which it prunes after its longest window (60 s): a 10-minute quota would reset. */
export const emailQuota = pgTable('email_quota', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
});

export const organization = pgTable('organization', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  // Its owners' rule: a member without a second factor is refused its pages and rows (src/server/organization-scope.ts).
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const team = pgTable(
  'team',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    memberCount: integer('member_count').notNull().default(0),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).$onUpdate(() => new Date()),
  },
  (t) => [index('team_organization_id').on(t.organizationId)],
);

export const teamMember = pgTable(
  'team_member',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => team.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    membershipKey: text('membership_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [index('team_member_team_id').on(t.teamId), index('team_member_user_id').on(t.userId)],
);

export const member = pgTable(
  'member',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_organization_id').on(t.organizationId), index('member_user_id').on(t.userId)],
);

export const invitation = pgTable(
  'invitation',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role'),
    teamId: text('team_id'),
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('invitation_organization_id').on(t.organizationId), index('invitation_email').on(t.email)],
);

// example:start
/** Organisation-scoped data: every row carries its organisation and goes with it. */
export const shelfItem = pgTable(
  'shelf_item',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    bookId: text('book_id')
      .notNull()
      .references((): AnyPgColumn => book.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    addedBy: text('added_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shelf_item_organization_book').on(t.organizationId, t.bookId), index('shelf_item_book_id').on(t.bookId)],
);

export const genre = pgTable(
  'genre',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('genre_name_unique').on(sql`lower(${t.name})`),
    index('genre_name_trgm')
      .using('gin', sql`${searchable(t.name)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const book = pgTable(
  'book',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    genreId: text('genre_id').references(() => genre.id, { onDelete: 'set null' }),
    publisher: text('publisher'),
    searchText: searchText('title', 'author'),
    searchTripled: searchTripled('title', 'author'),
    coverImage: text('cover_image'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('book_title_author_unique').on(sql`lower(${t.title})`, sql`lower(${t.author})`),
    index('book_search_trgm')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('book_search_tripled_trgm')
      .using('gin', sql`${t.searchTripled} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('book_genre_id').on(t.genreId),
    // The order indexes also `INCLUDE` search_text and genre_id (migration 0013; Drizzle cannot declare it).
    index('book_title_id').on(t.title, t.id),
    index('book_author_id').on(t.author, t.id),
    index('book_created_at_id').on(t.createdAt, t.id),
  ],
);
// example:end

/**
 * Where events are sent (docs/decisions/074-webhooks.md). No organisation: the whole product's, managed by
 * administrators. `secret` signs each delivery (Standard Webhooks: `whsec_` and base64), so it is kept; it is
 * shown once, when made.
 */
export const webhookEndpoint = pgTable(
  'webhook_endpoint',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').references(() => organization.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** When a delivery gave up; cleared by the next one that arrives. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** Attempts in a row that got no answer in time; at TIMEOUTS_BEFORE_OFF the endpoint is switched off. */
    timeoutsInARow: integer('timeouts_in_a_row').notNull().default(0),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    /** The language of whoever made it: the failing notice is written in it. */
    language: text('language').notNull().default('en'),
    ...timestamps,
  },
  (t) => [index('webhook_endpoint_organization_id').on(t.organizationId)],
);

/** One event for one endpoint, with its attempts. `id` is the `webhook-id`: the same on every attempt and on Resend. */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The exact body signed and sent. */
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    responseMs: integer('response_ms'),
    error: text('error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_delivery_endpoint_created').on(t.endpointId, t.createdAt, t.id)],
);

/** Append-only (a trigger refuses updates and deletes but the prune's). No foreign keys: an event outlives what it names. */
export const auditEvent = pgTable(
  'audit_event',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    impersonatorId: text('impersonator_id'),
    impersonatorName: text('impersonator_name'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** Never a secret or a code. */
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>(),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_event_created_at_id').on(t.createdAt.desc(), t.id.desc()),
    index('audit_event_actor').on(t.actorId, t.createdAt.desc(), t.id.desc()),
    index('audit_event_target').on(t.targetType, t.targetId, t.createdAt.desc(), t.id.desc()),
    index('audit_event_action').on(t.action, t.createdAt.desc(), t.id.desc()),
    // An organisation's key's own activity (`audit.organizationKey`, src/features/audit/audit.router.ts).
    index('audit_event_api_key')
      .on(sql`(${t.details}->'apiKey'->>'id')`, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.details} ? 'apiKey'`),
    index('audit_event_impersonator')
      .on(t.impersonatorId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.impersonatorId} IS NOT NULL`),
    index('audit_event_search_trgm').using(
      'gin',
      sql`${searchable(sql`coalesce(${t.actorName}, '') || ' ' || coalesce(${t.targetLabel}, '')`)} gin_trgm_ops`,
    ),
  ],
);

export type User = typeof user.$inferSelect;
export type Session = typeof session.$inferSelect;
// example:start
export type Genre = typeof genre.$inferSelect;
export type Book = typeof book.$inferSelect;
// example:end
export type AuditEvent = typeof auditEvent.$inferSelect;

/** Kept by triggers, so a list's total is one read instead of a scan. */
export const rowCount = pgTable('row_count', {
  tableName: text('table_name').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/** Rows per UTC day, kept by triggers: the dashboard reads at most 60 rows. */
export const dailyCount = pgTable(
  'daily_count',
  {
    tableName: text('table_name').notNull(),
    day: date('day').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.day], name: 'daily_count_pkey' })],
);
