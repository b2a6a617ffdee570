// Better Auth keeps one code per address, so anyone's wrong tries used up the owner's: here a code
// also belongs to the client that asked for it (its address, or a demo browser's cookie).
import { tryGetCurrentAuthEndpointContext } from '@better-auth/core/context';
import type { BetterAuthOptions } from 'better-auth';
import { getIP } from 'better-auth/api';
import { detectLanguage } from '#/lib/i18n/detect-language';
import { createI18n } from '#/lib/i18n/i18n';
import { languageInfo } from '#/lib/i18n/languages';
import { afterCommit } from './db/ambient-transaction.ts';
import { mailboxOwner, perBrowserMailbox } from './email/dev-mailbox.ts';
import { renderLoginCodeEmail } from './email/login-code-email.tsx';
import { queueEmail } from './email/outbox.ts';
import type { Env } from './env.ts';
import { logger } from './logger.ts';

interface Call {
  request?: Request;
  headers?: Headers;
  context: { options: BetterAuthOptions };
}

/** A code's lifetime in seconds (AUTH_OTP_EXPIRATION_MINUTES), a sign-in's and a change of email's. */
export const otpSeconds = (e: Env) => Math.max(1, Math.round(e.auth.otpExpirationMinutes * 60));

/** As Better Auth's rate limits count it (IPv6 by /64). */
export const clientAddress = (call: Call) => getIP(call.request ?? call.headers ?? new Headers(), call.context.options) ?? '';

/** Every read and write of a sign-in code goes through it, so the stored identifier names the client. */
export function perClientCodes(e: Env) {
  const client = () => {
    const call = tryGetCurrentAuthEndpointContext();
    if (!call) return '';
    const visitor = perBrowserMailbox(e) ? mailboxOwner(call.request) : undefined;
    return visitor ? `mailbox:${visitor}` : clientAddress(call);
  };
  return {
    default: 'plain',
    overrides: { 'sign-in-otp-': { hash: async (identifier: string) => `${identifier}#${client()}` } },
  } as const;
}

/** The answer waits for neither the queue nor delivery: its time must not tell a registered address from an unknown one. */
export async function sendLoginCode(
  e: Env,
  { email, otp, type }: { email: string; otp: string; type?: string },
  request: Request | undefined,
) {
  const lng = request ? detectLanguage(request) : 'en';
  const owner = mailboxOwner(request);
  const send = async () => {
    const i18n = createI18n(lng);
    const changeEmail = type === 'change-email';
    await i18n.loadNamespaces(changeEmail ? ['auth', 'account'] : 'auth');
    const account = i18n.getFixedT(lng, 'account');
    const message = await renderLoginCodeEmail({
      t: i18n.getFixedT(lng, 'auth'),
      lang: lng,
      dir: languageInfo(lng).dir,
      code: otp,
      minutes: e.auth.otpExpirationMinutes,
      // Sent to the new address of a change of email (src/server/email-change.ts): its own words.
      words: changeEmail
        ? {
            subject: account('changeEmail.codeMail.subject'),
            preview: account('changeEmail.codeMail.preview', { code: otp }),
            heading: account('changeEmail.codeMail.heading'),
            intro: account('changeEmail.codeMail.intro'),
            ignore: account('changeEmail.codeMail.ignore'),
          }
        : undefined,
    });
    // Of no use once the code has expired: not sent after that.
    await queueEmail({ to: email, ...message, owner, discardAfter: Date.now() + otpSeconds(e) * 1000 });
  };
  await afterCommit(async () => {
    // The response must not reveal delivery problems (nor whether the address exists).
    void send().catch((error: unknown) => logger().error({ err: error, to: email }, 'could not queue the login code'));
  });
}
