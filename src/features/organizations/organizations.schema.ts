/** Organisations: one schema for the forms, the API and the tests. Messages are `organizations` keys. */
import { listInputSchema, listPageSchema } from '#/lib/list';
import { clientString, z } from '#/lib/zod';

import { ORGANIZATION_ROLES } from '#/lib/permissions';

/** The roles and what each may do: in lib, where the product API's middleware reads them too. */
export { organizationRights } from '#/lib/permissions';

/** Name and slug: in lib, where the server's check of Better Auth's create and update reads them too. */
export { organizationInputSchema, type OrganizationInput } from '#/lib/organization-input';

/** The invite form: the address, the role, and the language of the e-mail. */
export const inviteInputSchema = z.object({
  email: clientString()
    .trim()
    .toLowerCase()
    .min(1, { error: 'organizations:invitations.emailRequired' })
    .pipe(z.email({ error: 'organizations:invitations.emailInvalid' })),
  role: z.enum(ORGANIZATION_ROLES),
  language: z.enum(['en', 'fr', 'ar', 'sw']),
});
export type InviteInput = z.input<typeof inviteInputSchema>;

/** A slug suggested from a name: `Ma Société` → `ma-societe`. */
export const slugFromName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '');

// example:start
export const shelfItemSchema = z.object({
  id: z.string(),
  note: z.string(),
  createdAt: z.date(),
  book: z.object({ id: z.string(), title: z.string(), author: z.string() }),
  addedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});

export const shelfSchema = z.object({
  organization: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  /** The caller's role there; null for the organisation's own API key. */
  role: z.string().nullable(),
  items: z.array(shelfItemSchema),
});

export const shelfAddInputSchema = z.object({
  bookId: clientString().trim().min(1, { error: 'organizations:shelf.bookRequired' }).max(100),
  note: clientString().trim().max(500, { error: 'organizations:shelf.noteTooLong' }).default(''),
});
// example:end

export const idInputSchema = z.object({ id: clientString().min(1).max(100) });

/** The invitation page's view of an invitation: its state for the signed-in caller. */
const INVITATION_STATES = ['pending', 'wrong-recipient', 'expired', 'canceled', 'accepted', 'rejected', 'not-found'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];
export const invitationViewSchema = z.object({
  id: z.string(),
  state: z.enum(INVITATION_STATES),
  /** Shown only to the recipient. */
  organizationName: z.string().nullable(),
  organizationSlug: z.string().nullable(),
  role: z.string().nullable(),
  inviterName: z.string().nullable(),
  expiresAt: z.date().nullable(),
});

/** The manager's list (search over name and slug; newest first by default, or by name) and detail. */
export const managerOrganizationListInputSchema = listInputSchema.extend({
  sort: z.enum(['createdAt', 'name']).default('createdAt'),
  /** Default: newest first for `createdAt`, A–Z for `name`. */
  order: z.enum(['asc', 'desc']).optional(),
});
const managerOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  /** The logo's stored URL, or null. */
  logo: z.string().nullable(),
  createdAt: z.date(),
  memberCount: z.number(),
});
export type ManagerOrganization = z.infer<typeof managerOrganizationSchema>;
export const managerOrganizationListSchema = listPageSchema(managerOrganizationSchema);
/** An organisation's member, as its members and its own API keys read them. */
export const organizationMemberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.string(),
  createdAt: z.date(),
});

export const managerOrganizationDetailSchema = managerOrganizationSchema.extend({
  members: z.array(organizationMemberSchema),
  invitations: z.array(
    z.object({ id: z.string(), email: z.string(), role: z.string().nullable(), status: z.string(), expiresAt: z.date() }),
  ),
});

/** The caller's organisations and which one is active on their session. */
export const myOrganizationsSchema = z.object({
  activeOrganizationId: z.string().nullable(),
  organizations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      logo: z.string().nullable(),
      role: z.string(),
      memberCount: z.number(),
      /** Its owners require a second factor and the caller has none: its content is refused them until they do. */
      secondFactorNeeded: z.boolean(),
    }),
  ),
});
export type MyOrganizations = z.infer<typeof myOrganizationsSchema>;

export const slugInputSchema = z.object({ slug: clientString().min(1).max(100) });

/** One organisation's page, for a member: its members, teams and (for those who manage them) pending invitations. */
export const organizationPageSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  createdAt: z.date(),
  /** Its owners require a second factor of every member. */
  requireTwoFactor: z.boolean(),
  active: z.boolean(),
  membership: z.object({ id: z.string(), role: z.string() }),
  members: z.array(organizationMemberSchema),
  teams: z.array(z.object({ id: z.string(), name: z.string(), memberUserIds: z.array(z.string()) })),
  invitations: z.array(
    z.object({ id: z.string(), email: z.string(), role: z.string().nullable(), expiresAt: z.date(), createdAt: z.date() }),
  ),
});
export type OrganizationPage = z.infer<typeof organizationPageSchema>;

export const twoFactorRequirementInputSchema = slugInputSchema.extend({ required: z.boolean() });
