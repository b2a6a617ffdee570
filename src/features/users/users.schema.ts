/** Users as the manager sees them: one schema for the form, the API and the tests. Messages are `users` keys. */
import { ROLE_NAMES, type RoleName } from '#/lib/permissions';
import { z } from '#/lib/zod';

export const PAGE_SIZE = 20;

export const roleSchema = z.enum(ROLE_NAMES as [RoleName, ...RoleName[]], { error: 'users:form.roleInvalid' });

export const userInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'users:form.nameRequired' }).max(100, { error: 'users:form.nameTooLong' }),
  email: z
    .string()
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

/** Search params of /manager/users: unparseable falls back to empty. */
export const userSearchParamsSchema = z.object({ searchTerm: z.string().default('').catch('') });

export const userListInputSchema = z.object({
  searchTerm: z.string().trim().max(100).default(''),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
});

export const userListSchema = z.object({
  items: z.array(managedUserSchema),
  nextCursor: z.string().nullable(),
  /** Counted on the first page only (no cursor). */
  total: z.number().int().nullable(),
});

export const userIdInputSchema = z.object({ id: z.string().min(1).max(100) });
