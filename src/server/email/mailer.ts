/**
 * Sends e-mail: over SMTP to EMAIL_SERVER when set (every message, in every mode), otherwise into
 * the development mailbox and the server log.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '../env.ts';
import { logger } from '../logger.ts';
import { deliverToMailbox } from './dev-mailbox.ts';

export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
}

let transport: Transporter | undefined;

export async function sendEmail(email: Email): Promise<void> {
  const { email: config } = env();
  if (!config.server) {
    deliverToMailbox(email);
    // Warn level: it is printed whatever LOG_LEVEL says (short of 'error'), since it is the only copy.
    logger().warn({ to: email.to, subject: email.subject }, `e-mail not sent (no EMAIL_SERVER); its text:\n${email.text}`);
    return;
  }
  transport ??= nodemailer.createTransport(config.server);
  await transport.sendMail({ from: config.from, ...email });
  logger().info({ to: email.to, subject: email.subject }, 'e-mail sent');
}
