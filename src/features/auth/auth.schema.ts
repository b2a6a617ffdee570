// Messages are `auth` keys. The sign-in e-mail is in `auth.search.ts`: no zod on the first load.
import { NAME_MAX_LENGTH, NAME_PATTERN } from '#/lib/person-name';
import { z } from '#/lib/zod';
import { EMAIL_PATTERN } from './auth.search';

export const OTP_LENGTH = 6;

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
  .max(NAME_MAX_LENGTH, { error: 'validation.nameInvalid' })
  .regex(NAME_PATTERN, { error: 'validation.nameInvalid' });

export const nameFormSchema = z.object({ name: nameSchema });
export type NameForm = z.infer<typeof nameFormSchema>;

/** A change of email's new address: the sign-in form's checks (`checkEmail`), for a form that has zod. */
export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, { error: 'validation.emailRequired' })
  .regex(EMAIL_PATTERN, { error: 'validation.emailInvalid' });

export const newEmailFormSchema = z.object({ newEmail: emailSchema });
export type NewEmailForm = z.infer<typeof newEmailFormSchema>;
