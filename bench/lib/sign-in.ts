// No back door: the app e-mails a code over SMTP and the bench signs in with it over HTTP.
import { randomInt } from 'node:crypto';
import type { SmtpSink } from '../../e2e/support/smtp-sink.ts';

export { startSmtpSink as startMailSink } from '../../e2e/support/smtp-sink.ts';

/** `ip`: the client's address as the server sees it (X-Forwarded-For is trusted from loopback). */
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

/** Each from its own address. */
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
