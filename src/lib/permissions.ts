// Read by the auth server, the product API and the browser: it imports nothing of ours but the
// (import-free) role field's reading, so no import circle can form.
import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements, memberAc, ownerAc } from 'better-auth/plugins/organization/access';
import { roleNames } from './role-field.ts';

export const statements = {
  account: ['read', 'update'],
  apps: ['app', 'manager'],
  // example:start
  book: ['read', 'create', 'update', 'delete'],
  genre: ['read'],
  // example:end
  user: ['create', 'list', 'set-role', 'ban', 'impersonate', 'delete', 'set-password', 'reset-two-factor'],
  session: ['list', 'revoke', 'delete'],
  // Every organisation, from the manager; rights inside one are its members' roles, checked elsewhere.
  organization: ['list', 'delete'],
  audit: ['read'],
  // Anyone's API keys, from the manager; one's own are managed from the account page.
  apiKey: ['list', 'revoke'],
  // The product's webhook endpoints and their deliveries; an organisation's are its owners' (decision 074).
  webhook: ['list', 'manage'],
} as const;

export const ac = createAccessControl(statements);

export const roles = {
  user: ac.newRole({
    account: ['update'],
    apps: ['app'],
    // example:start
    book: ['read'],
    genre: ['read'],
    // example:end
  }),
  admin: ac.newRole({
    account: ['update'],
    apps: ['app', 'manager'],
    // example:start
    book: ['read', 'create', 'update', 'delete'],
    genre: ['read'],
    // example:end
    user: ['create', 'list', 'set-role', 'ban', 'impersonate', 'delete', 'set-password', 'reset-two-factor'],
    session: ['list', 'revoke', 'delete'],
    organization: ['list', 'delete'],
    audit: ['read'],
    apiKey: ['list', 'revoke'],
    webhook: ['list', 'manage'],
  }),
};

export type RoleName = keyof typeof roles;
export const ROLE_NAMES = Object.keys(roles) as RoleName[];
type Statements = typeof statements;
type Resource = keyof Statements;

/**
 * Ownership (docs/guides/permissions.md): a statement may declare an action twice, as `update:own` (the rows
 * the caller owns) and `update:any` (every row), and a role is granted one or the other. A procedure asks for
 * the plain action (`update`) and declares how to find a row's owner; the middleware in src/server/rpc.ts
 * decides which of the two the caller holds, and checks the row's owner when it is only `own`.
 */
export type Reach = 'own' | 'any';
type Asked<A> = A extends `${infer Plain}:${Reach}` ? Plain : A;
/** What a procedure or a control asks for: a statement's plain actions (`update` for `update:own`/`update:any`). */
export type Permission = { [R in Resource]?: Array<Asked<Statements[R][number]>> };
/** Whether a credential holds exactly this declared action (`update:own`, `read`, …). */
export type Holds = (resource: string, action: string) => boolean;

/**
 * How far `holds` reaches with the asked `action`, among `declared` (the resource's statement): every row, only
 * the caller's own, or not at all. An action declared plainly reaches every row or none.
 */
export function reachWith(declared: readonly string[], holds: (action: string) => boolean, action: string): Reach | null {
  if (declared.includes(action)) return holds(action) ? 'any' : null;
  if (declared.includes(`${action}:any`) && holds(`${action}:any`)) return 'any';
  if (declared.includes(`${action}:own`) && holds(`${action}:own`)) return 'own';
  return null;
}

/** `reachWith` on the product's statements; an unknown resource reaches nothing. */
export function reach(holds: Holds, resource: string, action: string): Reach | null {
  const declared: readonly string[] | undefined = (statements as Record<string, readonly string[]>)[resource];
  return declared ? reachWith(declared, (a) => holds(resource, a), action) : null;
}

/** Whether these roles (comma-separated, as stored) hold a declared action; unknown roles grant nothing. */
export const roleHolds =
  (roleField: string | null | undefined): Holds =>
  (resource, action) =>
    roleNames(roleField ?? 'user').some((name) => {
      const role = roles[name as RoleName];
      return role ? role.authorize({ [resource]: [action] } as never).success : false;
    });

/** Whether an API key's stored permissions hold a declared action. */
export const keyHolds =
  (granted: Readonly<Record<string, readonly string[]>> | null | undefined): Holds =>
  (resource, action) =>
    granted?.[resource]?.includes(action) ?? false;

/** A row's owner as `usePermission` and `rolesAllow` take it: the row's owner id, and who is asking. */
export interface OwnedRow {
  ownerId: string | null | undefined;
  userId: string;
}

/**
 * Every asked action is held: on any row, or on the caller's own when `row` is given and is theirs. Without a
 * row, `own` counts (the caller may do it to their own rows): for a control that is not about one row. The
 * server does not use this for rows: its middleware (src/server/rpc.ts) reads the row's owner itself.
 */
function allows(holds: Holds, permission: Permission, row?: OwnedRow): boolean {
  return Object.entries(permission).every(([resource, actions]) =>
    (actions ?? []).every((action) => {
      const reached = reach(holds, resource, action);
      return reached === 'any' || (reached === 'own' && (!row || (row.ownerId != null && row.ownerId === row.userId)));
    }),
  );
}

/** Whether these roles (comma-separated, as stored) hold every permission (on `row`, when given). */
export function rolesAllow(roleField: string | null | undefined, permission: Permission, row?: OwnedRow): boolean {
  return allows(roleHolds(roleField), permission, row);
}

/**
 * The resources an API key may never be given (docs/decisions/073-api-keys.md): the person's own account (a
 * key cannot manage keys, sessions or sign-in methods) and the pages. Every other resource in `statements`
 * can be granted to a key, so a new resource is reachable by keys from the day it is declared.
 */
const SESSION_ONLY_RESOURCES = ['account', 'apps'] as const satisfies ReadonlyArray<Resource>;
type KeyResource = Exclude<Resource, (typeof SESSION_ONLY_RESOURCES)[number]>;

/** An organisation's three roles, strongest first; a member may hold several (`admin,member`). */
export const ORGANIZATION_ROLES = ['owner', 'admin', 'member'] as const;
type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/**
 * What a role may do in its organisation: read by the pages to hide what it cannot, and by the product API's
 * one middleware (`meta.organization.may` in src/server/rpc.ts) to refuse it. Better Auth's organisation
 * endpoints (members, invitations, teams) enforce the same rules with the plugin's own roles.
 */
export function organizationRights(roleField: string | null | undefined) {
  const held = roleNames(roleField);
  const owner = held.includes('owner');
  const manages = owner || held.includes('admin');
  return {
    /** Its API keys (docs/decisions/103-organisation-api-keys.md): as the organisation plugin's roles below say. */
    manageApiKeys: held.some((name) => organizationRoles[name as OrganizationRole]?.authorize({ apiKey: ['create'] }).success ?? false),
    updateOrganization: manages,
    deleteOrganization: owner,
    invite: manages,
    /** The roles this role may invite as or promote to. */
    assignableRoles: (owner ? ['owner', 'admin', 'member'] : manages ? ['admin', 'member'] : []) as OrganizationRole[],
    manageMembers: manages,
    manageTeams: manages,
    // example:start
    removeFromShelf: manages,
    // example:end
    manageWebhooks: owner,
    /** Requiring a second factor of the members (issue #57). */
    requireTwoFactor: owner,
  };
}
/**
 * The organisation plugin's access control: its default statements and roles, and `apiKey`, which the API-key
 * plugin asks of the maker of an organisation's key (its `references: 'organization'` configuration).
 */
export const organizationAc = createAccessControl({ ...defaultStatements, apiKey: ['create', 'read', 'update', 'delete'] });
export const organizationRoles = {
  owner: organizationAc.newRole({ ...ownerAc.statements, apiKey: ['create', 'read', 'update', 'delete'] }),
  admin: organizationAc.newRole({ ...adminAc.statements, apiKey: ['create', 'read', 'update', 'delete'] }),
  member: organizationAc.newRole({ ...memberAc.statements }),
} satisfies Record<OrganizationRole, unknown>;

/**
 * What an organisation's API key may be given on its organisation's rows (docs/decisions/103-organisation-api-keys.md),
 * beside the catalogue's reads every member has. A procedure on an organisation's rows names what it asks of a key
 * (`key` in src/server/organization-scope.ts); one that names nothing is not for keys. `needs`: the right its maker
 * must hold in the organisation to give it.
 */
export const organizationKeyStatements = {
  // example:start
  shelf: ['read', 'add', 'remove'],
  // example:end
  member: ['read'],
  organizationWebhook: ['read', 'manage'],
} as const;
type OrganizationKeyResource = keyof typeof organizationKeyStatements;
export type OrganizationKeyPermission = { [R in OrganizationKeyResource]?: Array<(typeof organizationKeyStatements)[R][number]> };

/** The right a maker must hold to give an organisation key this grant; none: any member may. */
export function organizationGrantNeeds(resource: string, action: string): OrganizationRight | null {
  const needs: Record<string, Record<string, OrganizationRight>> = {
    // example:start
    shelf: { remove: 'removeFromShelf' },
    // example:end
    organizationWebhook: { read: 'manageWebhooks', manage: 'manageWebhooks' },
  };
  return needs[resource]?.[action] ?? null;
}

/** A right a procedure may ask of the caller's membership: the yes-or-no ones. */
export type OrganizationRight = {
  [K in keyof ReturnType<typeof organizationRights>]: ReturnType<typeof organizationRights>[K] extends boolean ? K : never;
}[keyof ReturnType<typeof organizationRights>];

/** What an API key may be given: every declared resource but the session-only ones, in declaration order. */
export const API_KEY_RESOURCES = (Object.keys(statements) as Resource[]).filter(
  (resource): resource is KeyResource => !(SESSION_ONLY_RESOURCES as ReadonlyArray<Resource>).includes(resource),
);

/**
 * The product's statements an organisation's key may be given: what a plain member (the `user` role) holds, the
 * catalogue's reads, never an account or a page. Declared once with the roles: a new resource members may read
 * is offered to organisation keys from the day it is declared.
 */
export const ORGANIZATION_KEY_PRODUCT_GRANTS = API_KEY_RESOURCES.map((resource) => ({
  resource,
  actions: (statements[resource] as readonly string[]).filter((action) => roleHolds('user')(resource, action)),
})).filter((grant) => grant.actions.length > 0);

// Better Auth enforces these itself; our hooks read this table (last-admin protection). The
// endpoints not listed answer 404.
export const AUTH_ADMIN_ENDPOINTS: Record<string, Permission | 'signed-in' | null> = {
  '/admin/list-users': { user: ['list'] },
  '/admin/set-role': { user: ['set-role'] },
  '/admin/ban-user': { user: ['ban'] },
  '/admin/unban-user': { user: ['ban'] },
  '/admin/impersonate-user': { user: ['impersonate'] },
  '/admin/stop-impersonating': 'signed-in',
  '/admin/list-user-sessions': { session: ['list'] },
  '/admin/revoke-user-session': { session: ['revoke'] },
  '/admin/revoke-user-sessions': { session: ['revoke'] },
  '/admin/remove-user': { user: ['delete'] },
};
