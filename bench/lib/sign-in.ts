/**
 * Sessions for the signed-in measurements, obtained the way a person gets one: the app e-mails a
 * login code over SMTP (`EMAIL_SERVER` points at the small sink below), the bench reads it and
 * signs in over HTTP. No back door, and the production build stays a production build.
 */
import { randomInt } from 'node:crypto';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { freePort } from './processes.ts';

interface Mail {
  to: string[];
  text: string;
}

export interface MailSink {
  url: string;
  codeFor(email: string, since: number): Promise<string>;
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const mails: Array<Mail & { at: number }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void PostalMime.parse(Buffer.concat(chunks)).then((parsed) => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), text: parsed.text ?? '', at: Date.now() });
          callback();
        });
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    async codeFor(email, since) {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const mail = mails.filter((m) => m.at >= since && m.to.includes(email.toLowerCase())).at(-1);
        // The code stands alone on its own line of the plain-text part.
        const code = mail && /^\s*([0-9A-Za-z]{6})\s*$/m.exec(mail.text)?.[1];
        if (code) return code;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no login code for ${email} within 15 s`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Signs in with an e-mail code and returns the session as a Cookie header value. */
export async function signIn(baseUrl: string, sink: MailSink, email: string): Promise<string> {
  // The limit of code requests is per client address; X-Forwarded-For is trusted from loopback.
  const headers = {
    'content-type': 'application/json',
    origin: baseUrl,
    'x-forwarded-for': `198.51.100.${randomInt(1, 255)}`,
  };
  const since = Date.now();
  const sent = await fetch(`${baseUrl}/api/auth/email-otp/send-verification-otp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, type: 'sign-in' }),
  });
  if (!sent.ok) throw new Error(`sending a code to ${email}: ${sent.status} ${await sent.text()}`);
  const otp = await sink.codeFor(email, since);
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email-otp`, { method: 'POST', headers, body: JSON.stringify({ email, otp }) });
  if (!res.ok) throw new Error(`signing in ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error(`signing in ${email}: no session cookie`);
  return cookie;
}
