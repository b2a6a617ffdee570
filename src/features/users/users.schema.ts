/** Messages are `users` keys. */
import { ROLE_NAMES, type RoleName } from '#/lib/permissions';
import { listInputSchema, listPageSchema } from '#/lib/list';
import { NAME_MAX_LENGTH, NAME_PATTERN } from '#/lib/person-name';
import { clientString, z } from '#/lib/zod';

const roleSchema = z.enum(ROLE_NAMES as [RoleName, ...RoleName[]], { error: 'users:form.roleInvalid' });

export const userInputSchema = z.strictObject({
  name: clientString()
    .trim()
    .min(1, { error: 'users:form.nameRequired' })
    .max(NAME_MAX_LENGTH, { error: 'users:form.nameTooLong' })
    .regex(NAME_PATTERN, { error: 'users:form.nameInvalid' }),
  email: clientString()
    .trim()
    .toLowerCase()
    .min(1, { error: 'users:form.emailRequired' })
    .max(254, { error: 'users:form.emailInvalid' })
    .pipe(z.email({ error: 'users:form.emailInvalid' })),
  role: roleSchema.default('user'),
});
export type UserInput = z.input<typeof userInputSchema>;

export const managedUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  role: z.string(),
  banned: z.boolean(),
  banReason: z.string().nullable(),
  banExpires: z.date().nullable(),
  onboardedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

const USER_ROLE_FILTERS = ['admin', 'user'] as const;
const USER_STATUS_FILTERS = ['active', 'banned'] as const;
const USER_SORTS = ['createdAt', 'name', 'email'] as const;
const SORT_ORDERS = ['asc', 'desc'] as const;

export const userListInputSchema = listInputSchema.extend({
  role: z.enum(USER_ROLE_FILTERS).optional(),
  status: z.enum(USER_STATUS_FILTERS).optional(),
  sort: z.enum(USER_SORTS).default('createdAt'),
  /** Default: newest first for `createdAt`, A–Z otherwise. */
  order: z.enum(SORT_ORDERS).optional(),
});
export const userListSchema = listPageSchema(managedUserSchema);

/** The list's search and filters: each facet is counted with the search and the other facet applied. */
export const userFacetsInputSchema = userListInputSchema.pick({ searchTerm: true, role: true, status: true });
/** How many users of the list, with the search and the other filter applied, have each value. */
export const userFacetsSchema = z.object({
  role: z.object({ admin: z.number().int(), user: z.number().int() }),
  status: z.object({ active: z.number().int(), banned: z.number().int() }),
});

export const userDetailSchema = managedUserSchema.extend({
  /** The only active admin left: the role and ban controls stay disabled (the server answers 409 LAST_ADMIN). */
  lastAdmin: z.boolean(),
  /** An authenticator app is set up (docs/decisions/094-a-second-factor-on-every-way-in.md). */
  twoFactorEnabled: z.boolean(),
});

export const userIdInputSchema = z.strictObject({ id: clientString().min(1).max(100) });

/** No full token of another session leaves the server. */
export const userSessionSchema = z.object({
  id: z.string(),
  shortToken: z.string(),
  device: z.string().nullable(),
  ipAddress: z.string().nullable(),
  impersonatedBy: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  expiresAt: z.date(),
});

export const userSessionInputSchema = userIdInputSchema.extend({ sessionId: clientString().min(1).max(100) });
