// Better Auth keeps one code per address, so anyone's wrong tries used up the owner's: here a code
// also belongs to the client that asked for it: its browser (sign-in-device.ts), a demo browser's
// mailbox, or for a client that keeps no cookies its address.
import { tryGetCurrentAuthEndpointContext } from '@better-auth/core/context';
import type { BetterAuthOptions } from 'better-auth';
import { getIP } from 'better-auth/api';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { and, eq, gt } from 'drizzle-orm';
import { detectLanguage } from '#/lib/i18n/detect-language';
import { createI18n } from '#/lib/i18n/i18n';
import { languageInfo } from '#/lib/i18n/languages';
import { afterCommit } from './db/ambient-transaction.ts';
import type { Database } from './db/client.ts';
import { user, verification } from './db/schema.ts';
import type { QuotaClient } from './email-quota.ts';
import { addressNetwork, type NetworkBits } from './http/address-network.ts';
import { newDevice, readDevice, writeDevice, type CookieCall, type SignInDevice } from './sign-in-device.ts';
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

/**
 * Better Auth's own encryption with the auth secret (what `storeOTP: 'encrypted'` does), so that a
 * pending code can be re-sent. A value it cannot read (a code stored hashed before decision 078, the
 * stand-in of a change of email to a taken address) is no code: a wrong try, never a failure.
 */
export const storedCodes = (secret: string) => ({
  encrypt: (code: string) => symmetricEncrypt({ key: secret, data: code }),
  decrypt: (stored: string) => symmetricDecrypt({ key: secret, data: stored }).catch(() => ''),
});

/** The browser a code request of this request binds its code to, until the `after` hook sets its cookie. */
const chosenDevices = new WeakMap<Request, SignInDevice>();

/** Where this call's sign-in code is kept: the request's choice, its browser's cookie, or its address. */
async function codeSlot(call: Call & Partial<CookieCall>): Promise<string> {
  const chosen = call.request && chosenDevices.get(call.request);
  if (chosen) return chosen.slot;
  const device = call.getSignedCookie ? await readDevice(call as CookieCall) : undefined;
  return device?.slot ?? clientAddress(call);
}

/** Every read and write of a sign-in code goes through it, so the stored identifier names the client. */
export function perClientCodes(e: Env) {
  const client = async () => {
    const call = tryGetCurrentAuthEndpointContext() as (Call & Partial<CookieCall>) | undefined;
    if (!call) return '';
    const visitor = perBrowserMailbox(e) ? mailboxOwner(call.request) : undefined;
    return visitor ? `mailbox:${visitor}` : codeSlot(call);
  };
  return {
    default: 'plain',
    overrides: { 'sign-in-otp-': { hash: async (identifier: string) => `${identifier}#${await client()}` } },
  } as const;
}

/** Better Auth's identifier of a sign-in code, before `perClientCodes` adds the slot. */
const signInIdentifier = (email: string) => `sign-in-otp-${email.trim().toLowerCase()}`;

/** A code in `slot` that can still be typed: Better Auth re-sends it (`resendStrategy: 'reuse'`) rather than make one. */
async function hasPendingCode(db: Database, email: string, slot: string, allowedAttempts: number): Promise<boolean> {
  const rows = await db
    .select({ value: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, `${signInIdentifier(email)}#${slot}`), gt(verification.expiresAt, new Date())));
  return rows.some(({ value }) => Number(value.slice(value.lastIndexOf(':') + 1)) < allowedAttempts);
}

/**
 * Who a sign-in code request counts for, and whether it is served past the address's ceiling
 * (src/server/email-quota.ts): a browser the account signed in on, counted by itself; anyone else
 * by their `network` (IPv4 /24, IPv6 /48 under a ceiling), served past it only to have their pending code again.
 * `remember` then binds the code to the browser: the slot, in its signed cookie once the code is sent.
 */
export async function codeRequestClient(
  db: Database,
  call: Call & CookieCall,
  email: string,
  allowedAttempts: number,
  network: NetworkBits,
): Promise<QuotaClient & { remember: () => void }> {
  const device = await readDevice(call);
  const slot = device ? `device:${device.id}` : clientAddress(call);
  const [account] = device?.accounts.length
    ? await db.select({ id: user.id }).from(user).where(eq(user.email, email.trim().toLowerCase()))
    : [];
  const trusted = Boolean(account && device?.accounts.includes(account.id));
  return {
    key: trusted ? `device:${device!.id}` : addressNetwork(clientAddress(call), network),
    servedPastCeiling: async () => trusted || hasPendingCode(db, email, slot, allowedAttempts),
    remember: () => {
      // A browser without the cookie keeps its first code where it asked from (a client that keeps no
      // cookies types it from there too); its next code goes to its own slot.
      if (call.request) chosenDevices.set(call.request, device ? { ...device, slot } : newDevice(() => slot));
    },
  };
}

/** The auth hooks' `after` step (Better Auth keeps only the endpoint's and the `after` hooks' cookies). */
export async function afterCodeRequest(call: Call & CookieCall & { context: { returned?: unknown } }) {
  const device = call.request && chosenDevices.get(call.request);
  if (device && !(call.context.returned instanceof Error)) await writeDevice(call, device);
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
