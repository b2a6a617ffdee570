/**
 * Sign-in and profile schemas, shared by the forms and the routes. Messages are translation keys
 * of the `auth` namespace (spec section 5), turned into text where they are shown.
 */
import { z } from '#/lib/zod';

export const OTP_LENGTH = 6;

export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, { error: 'validation.emailRequired' })
  .pipe(z.email({ error: 'validation.emailInvalid' }));

export const loginFormSchema = z.object({ email: emailSchema });
export type LoginForm = z.infer<typeof loginFormSchema>;

export const codeSchema = z
  .string({ error: 'validation.codeRequired' })
  .trim()
  .min(1, { error: 'validation.codeRequired' })
  .regex(/^[0-9a-zA-Z]*$/, { error: 'validation.codeInvalid' })
  .length(OTP_LENGTH, { error: 'validation.codeLength' });

export const verifyFormSchema = z.object({ code: codeSchema });
export type VerifyForm = z.infer<typeof verifyFormSchema>;

export const nameSchema = z
  .string({ error: 'validation.nameRequired' })
  .trim()
  .min(1, { error: 'validation.nameRequired' })
  .max(100, { error: 'validation.nameInvalid' })
  // Letters, marks, spaces and common name punctuation, in any script.
  .regex(/^[\p{L}\p{M}][\p{L}\p{M}\s'’.-]*$/u, { error: 'validation.nameInvalid' });

export const nameFormSchema = z.object({ name: nameSchema });
export type NameForm = z.infer<typeof nameFormSchema>;

/** Search params. `redirect` and `error`: unparseable values fall back to empty. */
export const loginSearchSchema = z.object({ redirect: z.string().default('').catch('') });
export const verifySearchSchema = z.object({
  email: z.string().default('').catch(''),
  redirect: z.string().default('').catch(''),
});
export const LOGIN_ERRORS = ['signup_disabled', 'access_denied', 'unknown_error'] as const;
export type LoginError = (typeof LOGIN_ERRORS)[number];
export const loginErrorSearchSchema = z.object({ error: z.string().default('').catch('') });
export const toLoginError = (value: string): LoginError =>
  (LOGIN_ERRORS as readonly string[]).includes(value) ? (value as LoginError) : 'unknown_error';
