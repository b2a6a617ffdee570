// API keys (docs/decisions/073-api-keys.md): what the account page and the manager show of one, and what
// creating one takes. Messages are `account` keys.
import { API_KEY_RESOURCES, ORGANIZATION_KEY_PRODUCT_GRANTS, organizationKeyStatements, statements } from '#/lib/permissions';
import { clientString, z } from '#/lib/zod';

/** As the server takes it (src/server/auth.ts). */
export const API_KEY_NAME_MAX = 64;
/** The expiries offered; `null`: never. */
export const API_KEY_EXPIRIES = [30, 90, 365, null] as const;

/** What a key may be given, resource by resource: the form's choices, before the person's role narrows them. */
export const API_KEY_GRANTS = API_KEY_RESOURCES.map((resource) => ({ resource, actions: [...statements[resource]] as string[] }));

/**
 * What an organisation's key may be given (docs/decisions/103-organisation-api-keys.md): what a plain member
 * reads of the product, and the organisation's own rows; its maker's role there narrows it.
 */
export const ORGANIZATION_API_KEY_GRANTS = [
  ...ORGANIZATION_KEY_PRODUCT_GRANTS,
  ...Object.entries(organizationKeyStatements).map(([resource, actions]) => ({ resource, actions: [...actions] as string[] })),
];

const grantsSchema = (offered: ReadonlyArray<{ resource: string; actions: readonly string[] }>) =>
  z
    .record(z.string(), z.array(z.string()).max(20))
    .refine((grants) => Object.values(grants).some((actions) => actions.length > 0), {
      error: 'account:apiKeys.errors.permissionsRequired',
    })
    .refine(
      (grants) =>
        Object.entries(grants).every(([resource, actions]) => {
          const known = offered.find((g) => g.resource === resource)?.actions;
          return known !== undefined && actions.every((action) => known.includes(action));
        }),
      { error: 'account:apiKeys.errors.unknownPermission' },
    );

const keyInput = (offered: ReadonlyArray<{ resource: string; actions: readonly string[] }>) =>
  z.strictObject({
    name: clientString()
      .trim()
      .min(1, { error: 'account:apiKeys.errors.nameRequired' })
      .max(API_KEY_NAME_MAX, { error: 'account:apiKeys.errors.nameTooLong' }),
    /** Days from now; null: the key never expires. */
    expiresInDays: z.number().int().min(1).max(365).nullable(),
    permissions: grantsSchema(offered),
  });

export const apiKeyInputSchema = keyInput(API_KEY_GRANTS);
export const organizationApiKeyInputSchema = keyInput(ORGANIZATION_API_KEY_GRANTS);

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

const someone = z.object({ id: z.string(), name: z.string() }).nullable();

/** An organisation's key as its settings list it: who made it, and, once revoked, who did and when (the row stays). */
export const organizationApiKeySchema = apiKeySchema.extend({
  createdBy: someone,
  revokedAt: z.date().nullable(),
  revokedBy: someone,
});
export const createdOrganizationApiKeySchema = organizationApiKeySchema.extend({ secret: z.string() });
