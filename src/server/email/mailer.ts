/**
 * Sends e-mail: over SMTP to EMAIL_SERVER when set (every message, in every mode), otherwise into
 * the development mailbox and the server log.
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

/** `owner`: the browser that asked for the message (its mailbox id), for a public demo's mailbox. */
export async function sendEmail(email: Email, options: { owner?: string } = {}): Promise<void> {
  const e = env();
  if (!e.email.server) {
    if (!perBrowserMailbox(e)) deliverToMailbox(email);
    else if (options.owner && DEMO_ADDRESS.test(email.to)) deliverToMailbox({ ...email, owner: options.owner });
    // Warn level: it is printed whatever LOG_LEVEL says (short of 'error'), since it is the only copy.
    logger().warn({ to: email.to, subject: email.subject }, `e-mail not sent (no EMAIL_SERVER); its text:\n${email.text}`);
    return;
  }
  transport ??= nodemailer.createTransport(e.email.server);
  await transport.sendMail({ from: e.email.from, ...email });
  logger().info({ to: email.to, subject: email.subject }, 'e-mail sent');
}
