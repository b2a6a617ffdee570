/**
 * The development mailbox: without EMAIL_SERVER, every message is printed to the server log and
 * kept here (newest first, last 50) for /devtools/mailbox — in development and demo mode only.
 */
import type { Env } from '../env.ts';
import { processWide } from '../process-wide.ts';

/** Development and demo mode only: in any other production run the mailbox must not exist. */
export const mailboxEnabled = (e: Pick<Env, 'isProduction' | 'demoMode'>) => !e.isProduction || e.demoMode;

export interface MailboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: Date;
}

const LIMIT = 50;
// Kept when the dev server evaluates this module again after an edit: the codes stay listed.
const mailbox = processWide('dev-mailbox', () => ({ messages: [] as MailboxMessage[], nextId: 1 }));

export function deliverToMailbox(message: Omit<MailboxMessage, 'id' | 'sentAt'>): MailboxMessage {
  const stored = { ...message, id: mailbox.nextId++, sentAt: new Date() };
  mailbox.messages.unshift(stored);
  mailbox.messages.length = Math.min(mailbox.messages.length, LIMIT);
  return stored;
}

export const mailboxMessages = (): readonly MailboxMessage[] => mailbox.messages;
