// E-mail leaves through the durable job queue (docs/decisions/071-email-queue.md): a mail server
// that is down delays a code, a crash loses none, and several instances send each one once.
import { freshPostgres, TEST_DATABASE_URL } from '../tests/support/databases';
import { freePort, startApp, type AppServer } from './support/app-server';
import { clientHeaders, expect, test } from './support/fixtures';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';

test.describe.configure({ timeout: 180_000 });

/** One client (its address): a code belongs to the client that asked for it. */
async function requestCode(app: AppServer, email: string, client = clientHeaders()) {
  const started = performance.now();
  const res = await fetch(`${app.url}/api/auth/email-otp/send-verification-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url, ...client },
    body: JSON.stringify({ email, type: 'sign-in' }),
  });
  expect(res.status).toBe(200);
  return performance.now() - started;
}

async function signIn(app: AppServer, email: string, otp: string, client: Record<string, string>) {
  const res = await fetch(`${app.url}/api/auth/sign-in/email-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url, ...client },
    body: JSON.stringify({ email, otp }),
  });
  return res.status;
}

const mailsTo = (sink: SmtpSink, email: string) => sink.messages.filter((m) => m.to.includes(email)).length;
const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;

test('with the mail server down the answer comes at once, and the code arrives when it is back, and signs in', async () => {
  const smtpPort = await freePort();
  const app = await startApp({ EMAIL_SERVER: `smtp://127.0.0.1:${smtpPort}` });
  let sink: SmtpSink | undefined;
  try {
    const email = unique('outage');
    const client = clientHeaders();
    const ms = await requestCode(app, email, client);
    expect(ms).toBeLessThan(2_000);
    // Tried and refused (nothing listens), then the server comes back on its port.
    await expect.poll(() => app.output().includes('job failed'), { timeout: 15_000 }).toBe(true);
    sink = await startSmtpSink(smtpPort);
    // Retried after 2.5 to 5 s (then 5 to 10 s, …): within the sink's 15 s wait.
    const code = await sink.waitForCode(email);
    expect(await signIn(app, email, code, client)).toBe(200);
    expect(mailsTo(sink, email)).toBe(1);
  } finally {
    await app.stop();
    await sink?.close();
  }
});

test('codes queued when the server is killed (kill -9) are delivered once after a restart', async () => {
  test.setTimeout(240_000);
  const smtpPort = await freePort();
  const first = await startApp({ EMAIL_SERVER: `smtp://127.0.0.1:${smtpPort}` });
  const emails = [unique('crash-a'), unique('crash-b'), unique('crash-c')];
  for (const email of emails) await requestCode(first, email);
  // Each tried once and refused: all three are in the queue, waiting to be tried again.
  await expect.poll(() => first.output().split('job failed').length - 1, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  await first.kill();

  const sink = await startSmtpSink(smtpPort);
  const second = await startApp({ DATA_DIR: first.dataDir, EMAIL_SERVER: sink.url });
  try {
    // A code being tried at the kill stays "active" until its 60 s expire (the queue's expireInSeconds), and
    // pg-boss's supervisor, every 60 s, then retries it: up to two minutes; the others within their backoff.
    await expect.poll(() => emails.map((email) => mailsTo(sink, email)), { timeout: 150_000 }).toEqual([1, 1, 1]);
    // And no second copy later.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(emails.map((email) => mailsTo(sink, email))).toEqual([1, 1, 1]);
  } finally {
    await second.stop();
    await sink.close();
  }
});

test.describe('two instances on one PostgreSQL database', () => {
  test.skip(!TEST_DATABASE_URL, 'needs TEST_DATABASE_URL (CI sets it to the local PostgreSQL)');

  test('share the queue: each code is sent once, by one of them', async () => {
    const database = await freshPostgres();
    const { seed } = await import('#/server/db/seed.ts');
    await database.handle.migrate();
    await seed(database.handle.db);
    const sink = await startSmtpSink();
    const env = { DATABASE_URL: database.url, AUTH_SECRET: 'e2e-postgres-secret-0123456789abcdef', EMAIL_SERVER: sink.url };
    const [a, b] = await Promise.all([startApp(env), startApp(env)]);
    try {
      const emails = Array.from({ length: 12 }, (_, i) => unique(`shared-${i}`));
      await Promise.all(emails.map((email, i) => requestCode(i % 2 ? a : b, email)));
      await expect.poll(() => emails.filter((email) => mailsTo(sink, email) > 0).length, { timeout: 30_000 }).toBe(emails.length);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(emails.map((email) => mailsTo(sink, email))).toEqual(emails.map(() => 1));
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await sink.close();
      await database.drop();
    }
  });
});
