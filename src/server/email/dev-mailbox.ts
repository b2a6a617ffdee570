// A public demo is not a developer's laptop: each browser sees only the messages it asked for, and
// only those to the reserved example domains; a code for any other address reaches the log only.
import type { Env } from '../env.ts';
import { processWide } from '../process-wide.ts';

/** In any other production run the mailbox must not exist. */
export const mailboxEnabled = (e: Pick<Env, 'isProduction' | 'demoMode'>) => !e.isProduction || e.demoMode;

export const perBrowserMailbox = (e: Pick<Env, 'isProduction' | 'demoMode' | 'email'>) => e.isProduction && e.demoMode && !e.email.server;

export const MAILBOX_COOKIE = 'sb-mailbox';
const OWNER = new RegExp(`(?:^|;\\s*)${MAILBOX_COOKIE}=([A-Za-z0-9_-]{16,64})(?:;|$)`);
/** Addresses that belong to no one (RFC 2606): the only ones a public demo's mailbox shows. */
export const DEMO_ADDRESS = /@example\.(com|net|org)$/i;

export const mailboxOwner = (request: Request | undefined) => OWNER.exec(request?.headers.get('cookie') ?? '')?.[1];

export interface MailboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: Date;
  /** The browser that asked for it (a public demo only). */
  owner?: string;
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

export const mailboxMessages = (owner?: string | null): readonly MailboxMessage[] =>
  owner === undefined ? mailbox.messages : mailbox.messages.filter((m) => owner !== null && m.owner === owner);
