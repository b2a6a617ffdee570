// The app delivers here over SMTP exactly as in production.
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { freePort } from './app-server.ts';

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** Waits up to 15 s. */
  waitForMail(email: string, since?: number): Promise<ReceivedMail>;
  waitForCode(email: string, since?: number): Promise<string>;
  close(): Promise<void>;
}

/** `port`: a given one (a mail server coming back where the app expects it). */
export async function startSmtpSink(port?: number): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html ?? '',
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  // An app stopped while its e-mail is on the way (codes leave after the answer) resets its connection:
  // not a failure of the test. Unhandled, smtp-server's 'error' event would throw in the test runner.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.error('SMTP sink:', error);
  });
  port ??= await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  /** The newest e-mail to the address since `since` (that `matching` accepts), waited for up to 15 s. */
  async function waitForMail(email: string, since = 0, matching = (_mail: ReceivedMail) => true) {
    const deadline = Date.now() + 15_000;
    const address = email.toLowerCase();
    while (Date.now() < deadline) {
      const found = messages.filter((m) => m.to.includes(address) && m.receivedAt >= since && matching(m)).at(-1);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no e-mail to ${email} within 15 s`);
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail,
    async waitForCode(email, since = 0) {
      // The newest e-mail to the address that holds a code (an invitation sent just before may
      // arrive after it: each leaves through the job queue). The code stands alone on its own
      // line in the plain-text part.
      const codeIn = (mail: ReceivedMail) => /^\s*([0-9A-Za-z]{6})\s*$/m.exec(mail.text)?.[1];
      const mail = await waitForMail(email, since, (m) => codeIn(m) !== undefined).catch((error: unknown) => {
        const last = messages.filter((m) => m.to.includes(email.toLowerCase()) && m.receivedAt >= since).at(-1);
        throw last ? new Error(`no code in e-mail: ${last.text}`) : error;
      });
      return codeIn(mail)!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
