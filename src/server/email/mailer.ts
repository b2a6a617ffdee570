/**
 * Sends e-mail: over SMTP to EMAIL_SERVER when set (every message, in every mode), otherwise into
 * the development mailbox and the server log. In production the log is JSON lines, where a login
 * code would be lost among the requests: the message is then also printed for people, as a block
 * on stderr.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '../env.ts';
import { logger } from '../logger.ts';
import { DEMO_ADDRESS, deliverToMailbox, perBrowserMailbox } from './dev-mailbox.ts';

export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
}

let transport: Transporter | undefined;

const RULE = '─'.repeat(64);
/** Control characters but tab and line feed: an escape sequence in the block would act on the terminal. */
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const clean = (s: string) => s.replace(/\r\n?/g, '\n').replace(CONTROL, '?');

/** The e-mail as a block a person finds at a glance in a busy log. */
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

/** `owner`: the browser that asked for the message (its mailbox id), for a public demo's mailbox. */
export async function sendEmail(email: Email, options: { owner?: string } = {}): Promise<void> {
  const e = env();
  if (!e.email.server) {
    if (!perBrowserMailbox(e)) deliverToMailbox(email);
    else if (options.owner && DEMO_ADDRESS.test(email.to)) deliverToMailbox({ ...email, owner: options.owner });
    const log = logger();
    // Warn level: it is printed whatever LOG_LEVEL says (short of 'error'), since it is the only copy.
    // One record for machines, with the text…
    log.warn({ to: email.to, subject: email.subject }, `e-mail not sent (no EMAIL_SERVER); its text:\n${email.text}`);
    // …and, among production's JSON lines, the same for people (one write: its lines stay together).
    // Development's log is already written for people, with the text on lines of its own.
    if (e.isProduction && log.isLevelEnabled('warn')) process.stderr.write(unsentEmailBlock(email));
    return;
  }
  transport ??= nodemailer.createTransport(e.email.server);
  await transport.sendMail({ from: e.email.from, ...email });
  logger().info({ to: email.to, subject: email.subject }, 'e-mail sent');
}
