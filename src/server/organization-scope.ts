// A procedure's `meta.organization` (src/server/rpc.ts): rows an organisation owns (its shelf, its webhooks) are
// reached through the caller's membership, resolved and checked by the one middleware before the handler runs.
// The handler then reads and writes `context.organization.id`'s rows only.
import { and, eq } from 'drizzle-orm';
import { keyHolds, organizationRights, type OrganizationKeyPermission, type OrganizationRight, type Permission } from '#/lib/permissions';
import type { KeyOrganization } from './api-keys.ts';
import { apiError, type Translate } from './api-errors.ts';
import type { Database } from './db/client.ts';
import { member, organization, user } from './db/schema.ts';

export interface OrganizationScope {
  /** The caller's active organisation, or the one the path's `{slug}` names. */
  from: 'active' | 'slug';
  /** A right the caller's role must hold there (src/lib/permissions.ts `organizationRights`), and the refusal's key. */
  may?: { right: OrganizationRight; refused: string };
  /**
   * What an organisation's own API key must hold to call it (docs/decisions/103-organisation-api-keys.md), in
   * place of a member's role; without it the procedure is for people only. A person's key never reaches it.
   */
  key?: OrganizationKeyPermission;
}

export interface Membership {
  organization: { id: string; name: string; slug: string };
  /** The caller's membership; null for the organisation's own key, which is no member. */
  membership: { id: string; role: string } | null;
}

/**
 * The organisation and the caller's membership in it. 400 without an active one, 404 for one the caller is not a
 * member of (whether or not it exists), 403 for a member whose role lacks the right.
 */
export async function resolveMembership(
  db: Database,
  scope: OrganizationScope,
  call: {
    userId: string;
    activeOrganizationId: string | null | undefined;
    input: unknown;
    t: Translate;
    /** An administrator acting as the person: not held to the organisation's second-factor rule (decision 095). */
    impersonated?: boolean;
  },
): Promise<Membership> {
  const { t } = call;
  let which;
  if (scope.from === 'active') {
    if (!call.activeOrganizationId) throw apiError('NO_ACTIVE_ORGANIZATION', t('authErrors:NO_ACTIVE_ORGANIZATION'));
    which = eq(member.organizationId, call.activeOrganizationId);
  } else {
    // Before the input's own check (the middleware runs first): a client may send anything.
    const given = (call.input as { slug?: unknown } | null | undefined)?.slug;
    if (typeof given !== 'string' || !given) {
      throw apiError('INPUT_VALIDATION_FAILED', t('api:INPUT_VALIDATION_FAILED'), { fields: { slug: t('zod:invalid_input') } });
    }
    which = eq(organization.slug, given);
  }
  const [row] = await db
    .select({
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      requireTwoFactor: organization.requireTwoFactor,
      memberId: member.id,
      role: member.role,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(which, eq(member.userId, call.userId)));
  if (!row) throw apiError('NOT_FOUND', t('organizations:errors.organizationNotFound'));
  if (!call.impersonated) refuseWithoutSecondFactor(row, t);
  if (scope.may && !organizationRights(row.role)[scope.may.right]) throw apiError('FORBIDDEN', t(scope.may.refused));
  return { organization: { id: row.id, name: row.name, slug: row.slug }, membership: { id: row.memberId, role: row.role } };
}

/**
 * An organisation whose owners require a second factor refuses its content to a member without one (issue #57): 403
 * with the organisation named and the way to turn it on.
 */
export function refuseWithoutSecondFactor(
  row: { name: string; slug: string; requireTwoFactor: boolean; twoFactorEnabled: boolean },
  t: Translate,
) {
  if (!row.requireTwoFactor || row.twoFactorEnabled) return;
  throw apiError('ORGANIZATION_REQUIRES_TWO_FACTOR', t('api:ORGANIZATION_REQUIRES_TWO_FACTOR', { organization: row.name }), {
    organization: { name: row.name, slug: row.slug },
  });
}

/**
 * The organisation an organisation's key reaches, for a procedure on its rows: its own, named by the path's `{slug}`
 * or standing for the active one. Another organisation's slug answers 404, as to a person who is not a member
 * (whether it exists or not); a grant the key lacks, 403 naming it; a procedure with no `key`, API_KEY_SESSION_ONLY.
 */
export function resolveKeyOrganization(
  scope: OrganizationScope,
  call: { organization: KeyOrganization; permissions: Permission; input: unknown; t: Translate },
): Membership {
  const { t } = call;
  if (!scope.key) throw apiError('API_KEY_SESSION_ONLY', t('api:API_KEY_SESSION_ONLY'));
  const holds = keyHolds(call.permissions);
  for (const [resource, actions] of Object.entries(scope.key)) {
    if (!(actions ?? []).every((action) => holds(resource, action))) {
      throw apiError('FORBIDDEN', t('authErrors:FORBIDDEN', { resource }), { resource });
    }
  }
  if (scope.from === 'slug') {
    const given = (call.input as { slug?: unknown } | null | undefined)?.slug;
    if (typeof given !== 'string' || !given) {
      throw apiError('INPUT_VALIDATION_FAILED', t('api:INPUT_VALIDATION_FAILED'), { fields: { slug: t('zod:invalid_input') } });
    }
    if (given !== call.organization.slug) throw apiError('NOT_FOUND', t('organizations:errors.organizationNotFound'));
  }
  return { organization: call.organization, membership: null };
}
