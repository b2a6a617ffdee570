// API keys (docs/decisions/073-api-keys.md): what the account page and the manager show of one, and what
// creating one takes. Messages are `account` keys.
import { API_KEY_RESOURCES, statements } from '#/lib/permissions';
import { clientString, z } from '#/lib/zod';

/** As the server takes it (src/server/auth.ts). */
export const API_KEY_NAME_MAX = 64;
/** The expiries offered; `null`: never. */
export const API_KEY_EXPIRIES = [30, 90, 365, null] as const;

/** What a key may be given, resource by resource: the form's choices, before the person's role narrows them. */
export const API_KEY_GRANTS = API_KEY_RESOURCES.map((resource) => ({ resource, actions: [...statements[resource]] as string[] }));

const grantsSchema = z
  .record(z.string(), z.array(z.string()).max(20))
  .refine((grants) => Object.values(grants).some((actions) => actions.length > 0), { error: 'account:apiKeys.errors.permissionsRequired' })
  .refine(
    (grants) =>
      Object.entries(grants).every(([resource, actions]) => {
        const known = API_KEY_GRANTS.find((g) => g.resource === resource)?.actions;
        return known !== undefined && actions.every((action) => known.includes(action));
      }),
    { error: 'account:apiKeys.errors.unknownPermission' },
  );

export const apiKeyInputSchema = z.strictObject({
  name: clientString()
    .trim()
    .min(1, { error: 'account:apiKeys.errors.nameRequired' })
    .max(API_KEY_NAME_MAX, { error: 'account:apiKeys.errors.nameTooLong' }),
  /** Days from now; null: the key never expires. */
  expiresInDays: z.number().int().min(1).max(365).nullable(),
  permissions: grantsSchema,
});
export type ApiKeyInput = z.infer<typeof apiKeyInputSchema>;

/** Never the secret nor its hash: `start` is its first characters, to tell keys apart. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  start: z.string().nullable(),
  permissions: z.record(z.string(), z.array(z.string())),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
  expiresAt: z.date().nullable(),
});

/** The answer to creating one: the secret, this once. */
export const createdApiKeySchema = apiKeySchema.extend({ secret: z.string() });
