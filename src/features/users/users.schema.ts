/** Users as the manager sees them: one schema for the form, the API and the tests. Messages are `users` keys. */
import { ROLE_NAMES, type RoleName } from '#/lib/permissions';
import { listInputSchema, listPageSchema } from '#/lib/list';
import { NAME_MAX_LENGTH, NAME_PATTERN } from '#/lib/person-name';
import { clientString, z } from '#/lib/zod';

export const roleSchema = z.enum(ROLE_NAMES as [RoleName, ...RoleName[]], { error: 'users:form.roleInvalid' });

export const userInputSchema = z.object({
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

/** The list call and its pages (the route's search params: `listSearch`). */
export const userListInputSchema = listInputSchema;
export const userListSchema = listPageSchema(managedUserSchema);

export const userIdInputSchema = z.object({ id: clientString().min(1).max(100) });

/**
 * One of a user's sessions as the manager sees it. `shortToken` tells sessions apart and is never
 * enough to use one: no full token of another session leaves the server.
 */
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
