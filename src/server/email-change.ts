// Better Auth's e-mail-code plugin changes the address (`changeEmail`: a code to the new address,
// then the change). Around it, docs/decisions/065-change-of-email.md: the refusals it sends without
// a code get one, the old address is told of the change, and a taken address's owner of the try.
import { randomBytes } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { detectLanguage } from '#/lib/i18n/detect-language';
import { dateFormat } from '#/lib/i18n/format';
import { createI18n } from '#/lib/i18n/i18n';
import { languageInfo } from '#/lib/i18n/languages';
import { afterCommit, ambientScratch } from './db/ambient-transaction.ts';
import type { Database } from './db/client.ts';
import { user } from './db/schema.ts';
import { mailboxOwner } from './email/dev-mailbox.ts';
import { queueEmail } from './email/outbox.ts';
import { renderNoticeEmail } from './email/notice-email.tsx';
import type { Env } from './env.ts';
import { otpSeconds } from './login-codes.ts';
import { logger } from './logger.ts';

const REQUEST_EMAIL_CHANGE = '/email-otp/request-email-change';
const CHANGE_EMAIL = '/email-otp/change-email';

/** The caller's address before the call, read in the `before` hook (the session changes with it). */
const CURRENT_EMAIL = 'email-change:current';

interface EmailChangeCall {
  path: string;
  body?: unknown;
  request?: Request | undefined;
  context: {
    returned?: unknown;
    internalAdapter: {
      createVerificationValue: (data: { identifier: string; value: string; expiresAt: Date }) => Promise<unknown>;
    };
  };
}

/** Better Auth's refusals that carry only a message. */
const UNCODED: Record<string, { code: string; message: string }> = {
  'Email is the same': { code: 'EMAIL_IS_THE_SAME', message: 'Email is the same' },
  // Said only after a right code: the address was taken between the code and the change.
  'Email already in use': { code: 'EMAIL_CAN_NOT_BE_UPDATED', message: 'Email can not be updated' },
};

export async function beforeEmailChange(path: string, session: () => Promise<{ user: { email: string } } | null>) {
  if (path !== REQUEST_EMAIL_CHANGE && path !== CHANGE_EMAIL) return;
  ambientScratch()?.set(CURRENT_EMAIL, (await session())?.user.email.toLowerCase());
}

export async function afterEmailChange(db: Database, e: Env, call: EmailChangeCall) {
  if (call.path !== REQUEST_EMAIL_CHANGE && call.path !== CHANGE_EMAIL) return;
  const returned = call.context.returned;
  if (returned instanceof Error) {
    const body = (returned as { body?: { code?: unknown } }).body;
    const coded = typeof body?.code === 'string' ? undefined : UNCODED[returned.message];
    if (coded) throw new APIError('BAD_REQUEST', coded);
    return;
  }
  const current = ambientScratch()?.get(CURRENT_EMAIL);
  const requested = (call.body as { newEmail?: unknown } | undefined)?.newEmail;
  if (typeof current !== 'string' || typeof requested !== 'string') return;
  const newEmail = requested.toLowerCase();

  if (call.path === CHANGE_EMAIL) {
    await sendNotice('changedMail', current, call.request);
    return;
  }
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.email, newEmail));
  if (!owner) return;
  // Better Auth answered as for a free address, sent nothing and kept no code. A code that cannot be
  // guessed stands in for one, so wrong tries, "too many attempts" and expiry answer as for a free
  // address; a right code is impossible.
  await call.context.internalAdapter.createVerificationValue({
    identifier: `change-email-otp-${current}-${newEmail}`,
    value: `${randomBytes(32).toString('base64url')}:0`,
    expiresAt: new Date(Date.now() + otpSeconds(e) * 1000),
  });
  await sendNotice('takenMail', owner.email, call.request);
}

/** In the language of whoever made the call (as the codes); the time in UTC, named, as the reader's zone is unknown. */
async function sendNotice(kind: 'changedMail' | 'takenMail', to: string, request: Request | undefined) {
  const lng = request ? detectLanguage(request) : 'en';
  const owner = mailboxOwner(request);
  const time = dateFormat(lng, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(new Date());
  const send = async () => {
    const i18n = createI18n(lng);
    await i18n.loadNamespaces('account');
    const t = i18n.getFixedT(lng, 'account');
    const message = await renderNoticeEmail({
      lang: lng,
      dir: languageInfo(lng).dir,
      subject: t(`changeEmail.${kind}.subject`),
      heading: t(`changeEmail.${kind}.heading`),
      paragraphs: [t(`changeEmail.${kind}.body`, { time, email: to }), t(`changeEmail.${kind}.help`)],
    });
    await queueEmail({ to, ...message, owner });
  };
  await afterCommit(async () => {
    // As the codes: the answer waits for no delivery, and tells nothing of it.
    void send().catch((error: unknown) => logger().error({ err: error, to }, 'could not queue the email change notice'));
  });
}
