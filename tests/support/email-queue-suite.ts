// The e-mail queue (docs/decisions/071-email-queue.md) against a real SMTP server on loopback: one slow exchange
// holds only its own slot, a permanent refusal is not tried again, and no job's data holds a message in clear.
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getAuth } from '#/server/auth.ts';
import { queryRows } from '#/server/db/client.ts';
import { database } from '#/server/db/index.ts';
import { queueEmail } from '#/server/email/outbox.ts';
import { ORIGIN } from './api.ts';
import { identity } from '#/lib/identity.ts';

interface Received {
  to: string;
  raw: string;
}

/** Addresses starting `slow` get no answer to RCPT TO; `refused` ones a 550; the rest are taken. */
export async function startTestSmtpServer() {
  const received: Received[] = [];
  const tries = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const to = address.address.toLowerCase();
      tries.set(to, (tries.get(to) ?? 0) + 1);
      if (to.startsWith('slow')) return; // never answered
      if (to.startsWith('refused')) return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) received.push({ to: r.address.toLowerCase(), raw });
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    tries: (to: string) => tries.get(to) ?? 0,
    /** The raw message to `to`, once it has arrived. */
    waitFor: (to: string, timeout = 10_000) =>
      vi.waitFor(
        () => {
          const found = received.find((r) => r.to === to);
          if (!found) throw new Error(`nothing for ${to} yet`);
          return found;
        },
        { timeout, interval: 25 },
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Smtp = Awaited<ReturnType<typeof startTestSmtpServer>>;

interface JobRow {
  id: string;
  state: string;
  retry_count: number;
  data: string;
}
const emailJobs = async () =>
  queryRows<JobRow>(await database(), sql`select id, state, retry_count, data::text as data from pgboss.job where name = 'email'`);

const mail = (to: string) => ({ to, subject: `Hello ${to}`, text: `For ${to}`, html: `<p>For ${to}</p>` });
const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;

export function emailQueueSuite(smtp: Smtp) {
  // The queue starts with the database.
  beforeAll(() => database(), 60_000);
  afterAll(() => smtp.close());

  describe('the e-mail queue', () => {
    it('G6: a mail server that hangs on one e-mail does not hold the next; that one is given up well before 60 s', async () => {
      const slow = unique('slow');
      await queueEmail(mail(slow));
      await vi.waitFor(() => expect(smtp.tries(slow)).toBe(1), { timeout: 5_000, interval: 25 });
      // That exchange now waits for an answer that never comes; the next e-mail leaves at once all the same.
      const started = performance.now();
      const next = unique('next');
      await queueEmail(mail(next));
      await smtp.waitFor(next, 5_000);
      expect(performance.now() - started).toBeLessThan(5_000);
      // The hung one is given up by the socket's own limit (15 s idle), not the job's 60 s (nodemailer's default would
      // have waited 10 minutes, and pg-boss expired the job first), then tried again.
      await vi.waitFor(
        async () => {
          const again = (await emailJobs()).filter((j) => j.state === 'retry' || (j.state === 'active' && j.retry_count >= 1));
          expect(again.length).toBe(1);
        },
        { timeout: 20_000, interval: 250 },
      );
      expect(performance.now() - started).toBeLessThan(20_000);
    }, 40_000);

    it('G6: a permanent refusal (550) is not tried again', async () => {
      const refused = unique('refused');
      await queueEmail(mail(refused));
      await vi.waitFor(() => expect(smtp.tries(refused)).toBe(1), { timeout: 5_000, interval: 25 });
      // Failed for good at once: not `retry`, which would send it again 5 s later.
      await vi.waitFor(
        async () => {
          const states = (await emailJobs()).map((j) => j.state);
          expect(states).toContain('failed');
        },
        { timeout: 5_000, interval: 100 },
      );
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      expect(smtp.tries(refused)).toBe(1);
    }, 20_000);

    it('G10: a sign-in code is never in pgboss.job in clear: queued, or sent', async () => {
      const auth = await getAuth();
      const email = 'user@example.com';
      await auth.api.sendVerificationOTP({ body: { email, type: 'sign-in' } });
      const sent = await smtp.waitFor(email);
      const code = /^\s*(\d{6})\s*$/m.exec(sent.raw)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      // The e-mail's code works (it was opened from the job)…
      const res = await auth.handler(
        new Request(`${ORIGIN}/api/auth/sign-in/email-otp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN },
          body: JSON.stringify({ email, otp: code }),
        }),
      );
      expect(res.status).toBe(200);
      // …and no job holds it, nor the address or the words: each job's data is one sealed value.
      const jobs = await emailJobs();
      expect(jobs.length).toBeGreaterThan(0);
      for (const job of jobs) {
        expect(Object.keys(JSON.parse(job.data) as object)).toEqual(['sealed']);
        expect(job.data).not.toContain(email);
        expect(job.data).not.toContain(identity.name);
        expect(job.data).not.toMatch(/sign-in|example\.org/i);
      }
      const all = jobs.map((j) => j.data).join('\n');
      // Hex digits could spell the six digits by chance (about one chance in 10^6 per place): the words cannot.
      expect(all.includes(`>${code}<`) || all.includes(`\n${code}\n`)).toBe(false);
    });
  });
}
