/**
 * Sessions for the signed-in measurements, obtained the way a person gets one: the app e-mails a
 * login code over SMTP (`EMAIL_SERVER` points at the tests' SMTP sink), the bench reads it and
 * signs in over HTTP. No back door, and the production build stays a production build.
 */
import { randomInt } from 'node:crypto';
import type { SmtpSink } from '../../e2e/support/smtp-sink.ts';

/** The tests' SMTP sink: the app delivers the code there over SMTP, as in production. */
export { startSmtpSink as startMailSink } from '../../e2e/support/smtp-sink.ts';

/**
 * Signs in with an e-mail code and returns the session as a Cookie header value. The limit of
 * code requests is per client address; X-Forwarded-For is trusted from loopback, so `ip` is the
 * client's address as the server sees it (random by default).
 */
export async function signIn(baseUrl: string, sink: SmtpSink, email: string, ip = `198.51.100.${randomInt(1, 255)}`): Promise<string> {
  const headers = {
    'content-type': 'application/json',
    origin: baseUrl,
    'x-forwarded-for': ip,
  };
  const since = Date.now();
  const sent = await fetch(`${baseUrl}/api/auth/email-otp/send-verification-otp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, type: 'sign-in' }),
  });
  if (!sent.ok) throw new Error(`sending a code to ${email}: ${sent.status} ${await sent.text()}`);
  const otp = await sink.waitForCode(email, since);
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email-otp`, { method: 'POST', headers, body: JSON.stringify({ email, otp }) });
  if (!res.ok) throw new Error(`signing in ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error(`signing in ${email}: no session cookie`);
  return cookie;
}

/** Signs everyone in, `concurrency` at a time; each from its own address. Returns the cookies in order. */
export async function signInAll(
  baseUrl: string,
  sink: SmtpSink,
  people: Array<{ email: string; ip: string }>,
  concurrency = 8,
  onProgress?: (done: number) => void,
): Promise<string[]> {
  const cookies: string[] = new Array(people.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < people.length) {
      const i = next++;
      cookies[i] = await signIn(baseUrl, sink, people[i]!.email, people[i]!.ip);
      onProgress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return cookies;
}
