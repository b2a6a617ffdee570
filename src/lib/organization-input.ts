// Also the server's check of Better Auth's create and update, which stores what it gives (trimmed).
import { NAME_MAX_LENGTH, NAME_PATTERN } from '#/lib/person-name';
import { clientString, z } from '#/lib/zod';

export const organizationInputSchema = z.object({
  name: clientString()
    .trim()
    .min(1, { error: 'organizations:form.nameRequired' })
    .max(NAME_MAX_LENGTH, { error: 'organizations:form.nameTooLong' })
    .regex(NAME_PATTERN, { error: 'organizations:form.nameInvalid' }),
  slug: clientString()
    .trim()
    .min(1, { error: 'organizations:form.slugRequired' })
    .min(3, { error: 'organizations:form.slugInvalid' })
    .max(48, { error: 'organizations:form.slugInvalid' })
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'organizations:form.slugInvalid' })
    .refine((slug) => slug !== 'new', { error: 'organizations:form.slugInvalid' }),
});
export type OrganizationInput = z.input<typeof organizationInputSchema>;
