// The account page's list of sign-in methods (docs/decisions/068-linked-sign-in-methods.md). Linking
// and unlinking go through Better Auth (/api/auth/link-social, /api/auth/unlink-account), whose
// refusal of the last way in reads the same rule as `canUnlink` here.
import { z } from '#/lib/zod';
import { apiError } from '#/server/api-errors.ts';
import { env } from '#/server/env.ts';
import { base } from '#/server/rpc.ts';
import { signInMethodsOf } from '#/server/sign-in-methods.ts';

const signInMethodsSchema = z.object({
  /** The e-mail code's address: always a method, never unlinked (it is the account's address). */
  email: z.string(),
  emailVerified: z.boolean(),
  /** Each configured provider (GitHub, the OpenID Connect provider), linked or not. No token, no provider subject. */
  providers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** `accountId` is what /api/auth/unlink-account takes. */
      linked: z.object({ accountId: z.string(), linkedAt: z.date() }).nullable(),
      /** False for the last way in: Better Auth's unlink refuses it with FAILED_TO_UNLINK_LAST_ACCOUNT. */
      canUnlink: z.boolean(),
    }),
  ),
});

export const signInMethodsProcedure = base
  .meta({ permission: 'signed-in' })
  .route({
    method: 'GET',
    path: '/account/sign-in-methods',
    summary: "The caller's ways to sign in: the email code and each configured provider, linked or not",
    tags: ['account'],
  })
  .input(z.object({}).optional())
  .output(signInMethodsSchema)
  .handler(async ({ context }) => {
    const methods = await signInMethodsOf(context.db, context.user!.id, env());
    if (!methods) throw apiError('UNAUTHORIZED', context.t('api:UNAUTHORIZED'));
    return methods;
  });
