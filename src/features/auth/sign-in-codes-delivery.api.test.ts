// The answer must not wait for the e-mail: otherwise its timing tells a registered address from an unknown one.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { database } from '#/server/db/index.ts';
import { user } from '#/server/db/schema.ts';
import { requestCode } from '../../../tests/support/login-codes.ts';

const SMTP_DELAY_MS = 400;
const received: string[] = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onMailFrom: (_address, _session, callback) => void setTimeout(callback, SMTP_DELAY_MS),
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      received.push(...session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
      callback();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  // Read once, on the first request.
  process.env.EMAIL_SERVER = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;
  process.env.AUTH_SIGNUP_ENABLED = 'false';
});
afterAll(() => new Promise<void>((resolve) => sink.close(() => resolve())));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('a code request’s answer and the e-mail', () => {
  it('F4: with sign-up off and a slow mail server, registered and unknown addresses answer in the same time, and the codes still arrive', async () => {
    const registered = Array.from({ length: 11 }, (_, i) => `registered-${i}@example.org`);
    const unknown = Array.from({ length: 11 }, (_, i) => `unknown-${i}@example.org`);
    await (
      await database()
    )
      .insert(user)
      .values(registered.map((email) => ({ id: crypto.randomUUID(), email, name: email, emailVerified: true })));

    const timed = async (email: string, ip: string) => {
      const started = performance.now();
      expect((await requestCode(email, { ip })).status).toBe(200);
      return performance.now() - started;
    };
    // The first of each warms the server up; then turns.
    await timed(registered[0]!, '192.0.2.1');
    await timed(unknown[0]!, '192.0.2.2');
    const times = { registered: [] as number[], unknown: [] as number[] };
    for (let i = 1; i <= 10; i++) {
      times.registered.push(await timed(registered[i]!, `192.0.2.${10 + i}`));
      times.unknown.push(await timed(unknown[i]!, `192.0.2.${30 + i}`));
    }
    const medians = { registered: median(times.registered), unknown: median(times.unknown) };
    expect(Math.abs(medians.registered - medians.unknown), JSON.stringify(medians)).toBeLessThan(100);

    await expect.poll(() => [...new Set(received)].sort(), { timeout: 20_000 }).toEqual([...registered].sort());
    expect(received.filter((to) => to.startsWith('unknown-'))).toEqual([]);
  }, 120_000);
});
