import { z } from '#/lib/zod';

/** Search params of /app/account and /manager/account (spec section 2). Anything else falls back to empty. */
export const accountSearchSchema = z.object({
  state: z.enum(['', 'change-name']).default('').catch(''),
  newEmail: z.string().default('').catch(''),
});
export type AccountSearch = z.infer<typeof accountSearchSchema>;
