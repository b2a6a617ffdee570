// Without EMAIL_SERVER, production's JSON log would bury a login code: it is also printed for people on stderr.
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '../env.ts';
import { logger } from '../logger.ts';
import { PermanentJobError } from '../queue/queue.ts';
import { inSpan } from '../tracing.ts';
import { DEMO_ADDRESS, deliverToMailbox, perBrowserMailbox } from './dev-mailbox.ts';

export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
}

let transport: Transporter | undefined;

const RULE = '─'.repeat(64);
/** Control characters but tab and line feed: an escape sequence would act on the terminal. */
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const clean = (s: string) => s.replace(/\r\n?/g, '\n').replace(CONTROL, '?');

export function unsentEmailBlock(email: Pick<Email, 'to' | 'subject' | 'text'>): string {
  const lines = [
    'E-mail not sent (no EMAIL_SERVER). Its text:',
    `To:      ${clean(email.to).replace(/\n/g, ' ')}`,
    `Subject: ${clean(email.subject).replace(/\n/g, ' ')}`,
    '',
    ...clean(email.text)
      .trim()
      .split('\n')
      .map((line) => `    ${line}`.trimEnd()),
  ];
  return [`┌${RULE}`, ...lines.map((line) => `│ ${line}`.trimEnd()), `└${RULE}`, ''].join('\n');
}

/**
 * Well under the job's 60 s (src/server/email/outbox.ts): a mail server that does not answer is given up and tried
 * again later, while the queue's other slots go on sending (issue #53, G6). nodemailer's defaults wait 2 minutes to
 * connect and 10 minutes for an idle socket.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000, dnsTimeout: 10_000 } as const;
const EXCHANGE_MS = 45_000;

/** nodemailer's `permanent`: a 5xx answer but 503 (a refused address, a refused message). Trying again cannot help. */
function isPermanentRefusal(error: unknown): boolean {
  const e = error as { permanent?: boolean; code?: string };
  // A refused login (535) is the operator's to mend, and mail queued meanwhile should leave once they have.
  return e.permanent === true && e.code !== 'EAUTH';
}

/** The mail server's host, never its credentials. */
const transportHost = (server: string) => (URL.canParse(server) ? new URL(server).hostname : '');

export async function sendEmail(email: Email, options: { owner?: string } = {}): Promise<void> {
  const e = env();
  if (!e.email.server) {
    if (!perBrowserMailbox(e)) deliverToMailbox(email);
    else if (options.owner && DEMO_ADDRESS.test(email.to)) deliverToMailbox({ ...email, owner: options.owner });
    const log = logger();
    // Warn: printed whatever LOG_LEVEL says (short of 'error'), since it is the only copy.
    log.warn({ to: email.to, subject: email.subject }, `e-mail not sent (no EMAIL_SERVER); its text:\n${email.text}`);
    // One write, so its lines stay together among production's JSON lines.
    if (e.isProduction && log.isLevelEnabled('warn')) process.stderr.write(unsentEmailBlock(email));
    return;
  }
  transport ??= nodemailer.createTransport({ url: e.email.server, ...SMTP_TIMEOUTS });
  try {
    await inSpan('smtp send', { 'server.address': transportHost(e.email.server) }, () =>
      transport!.sendMail({ from: e.email.from, ...email, signal: AbortSignal.timeout(EXCHANGE_MS) }),
    );
  } catch (error) {
    if (isPermanentRefusal(error)) throw new PermanentJobError(`the mail server refused it: ${String(error)}`, { cause: error });
    throw error;
  }
  logger().info({ to: email.to, subject: email.subject }, 'e-mail sent');
}
