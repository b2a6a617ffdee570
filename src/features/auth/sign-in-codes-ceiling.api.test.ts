// G3: an outsider from many addresses cannot spend an account's sign-in codes for its owner, and a
// code works in the browser that asked for it whatever network it is typed on
// (docs/decisions/078-sign-in-codes-an-outsider-cannot-spend.md).
import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getAuth } from '#/server/auth.ts';
import { database } from '#/server/db/index.ts';
import { verification } from '#/server/db/schema.ts';
import { mailboxMessages } from '#/server/email/dev-mailbox.ts';
import { logger } from '#/server/logger.ts';
import { codeSentAfter, newestMailId } from '../../../tests/support/api.ts';
import { requestCode, signInWithCode, type Client } from '../../../tests/support/login-codes.ts';

const address = (prefix: string) => `${prefix}.${randomBytes(4).toString('hex')}@example.org`;

/** A browser: its address, and the cookies its answers set. */
function browser(ip: string) {
  const jar = new Map<string, string>();
  const client: Client & { keep: (cookies: string[]) => void; at: (ip: string) => void } = {
    ip,
    get cookie() {
      return [...jar.values()].join('; ') || undefined;
    },
    keep: (cookies) => {
      for (const pair of cookies) jar.set(pair.split('=')[0]!, pair);
    },
    at: (next) => {
      client.ip = next;
    },
  };
  return client;
}

async function signInFrom(client: ReturnType<typeof browser>, email: string) {
  const before = newestMailId();
  const asked = await requestCode(email, client);
  expect(asked.status).toBe(200);
  client.keep(asked.cookies);
  const code = await codeSentAfter(email, before);
  const signedIn = await signInWithCode(email, code, client);
  client.keep(signedIn.cookies);
  return { status: signedIn.status, email: (signedIn.body?.user as { email?: string } | undefined)?.email, code };
}

/** Four networks (one /24 each), up to five code requests each: the rest of the address's ceiling of twenty. */
async function outsidersSpendTheCeiling(email: string, first: number, askedBefore: number) {
  let left = 20 - askedBefore;
  for (let n = 0; n < 4; n++) {
    const statuses = [];
    for (let i = 0; i < 5 && left > 0; i++, left--)
      statuses.push((await requestCode(email, { ip: `203.0.${first + n}.${10 + i}` })).status);
    expect(
      statuses.every((status) => status === 200),
      `outsider ${n + 1}: ${statuses.join(', ')}`,
    ).toBe(true);
  }
  // A fifth network with nothing pending is refused now.
  expect((await requestCode(email, { ip: `203.0.${first + 4}.1` })).status).toBe(429);
  // The queue sends five at once, in any order: every outsider's e-mail is in before the owner's is looked for.
  await expect.poll(() => mailboxMessages().filter((m) => m.to === email).length, { timeout: 30_000 }).toBe(20);
}

beforeAll(async () => {
  await getAuth();
});
afterEach(() => vi.restoreAllMocks());

describe('sign-in codes past an address’s ceiling', () => {
  it(
    'G3: 4 outsider addresses × 5 requests spend the ceiling; the owner, in a browser they signed in on, asks from a fifth address, receives a working code and signs in',
    { timeout: 120_000 },
    async () => {
      const warn = vi.spyOn(logger(), 'warn');
      const email = address('owner');
      const laptop = browser('192.0.2.10');
      expect((await signInFrom(laptop, email)).status).toBe(200);

      await outsidersSpendTheCeiling(email, 11, 1);
      expect(warn.mock.calls.some(([fields]) => (fields as { event?: string }).event === 'email_quota.ceiling')).toBe(true);

      laptop.at('100.64.20.7');
      const again = await signInFrom(laptop, email);
      expect(again).toMatchObject({ status: 200, email });
    },
  );

  it(
    'G3: past the ceiling, a client whose code is pending gets the same code again instead of a refusal, and signs in with it',
    { timeout: 120_000 },
    async () => {
      const email = address('pending');
      const owner = { ip: '192.0.2.20' };
      const before = newestMailId();
      expect((await requestCode(email, owner)).status).toBe(200);
      const pending = await codeSentAfter(email, before);

      await outsidersSpendTheCeiling(email, 21, 1);

      const mark = newestMailId();
      expect((await requestCode(email, owner)).status).toBe(200);
      expect(await codeSentAfter(email, mark)).toBe(pending);
      const signedIn = await signInWithCode(email, pending, owner);
      expect(signedIn.status).toBe(200);
    },
  );

  it('G3: a code asked on Wi-Fi works typed on mobile data, in the same browser; another browser cannot use it', async () => {
    const email = address('roaming');
    const phone = browser('192.0.2.30');
    const before = newestMailId();
    const asked = await requestCode(email, phone);
    expect(asked.status).toBe(200);
    phone.keep(asked.cookies);
    const code = await codeSentAfter(email, before);

    // Someone else, elsewhere, with the code: not their browser's.
    expect((await signInWithCode(email, code, { ip: '100.64.30.10' })).status).toBe(400);
    phone.at('100.64.30.9');
    const signedIn = await signInWithCode(email, code, phone);
    expect(signedIn.status).toBe(200);
  });

  it('G3: addresses of one IPv4 /24 or one IPv6 /48 are one client: five codes together', async () => {
    const email = address('network');
    const v4 = [];
    for (let i = 1; i <= 6; i++) v4.push((await requestCode(email, { ip: `198.18.7.${i}` })).status);
    expect(v4).toEqual([200, 200, 200, 200, 200, 429]);
    const v6 = [];
    for (let i = 1; i <= 6; i++) v6.push((await requestCode(email, { ip: `2001:db8:77:${i.toString(16)}::1` })).status);
    expect(v6).toEqual([200, 200, 200, 200, 200, 429]);
    // Another network has its own five.
    expect((await requestCode(email, { ip: '198.18.8.1' })).status).toBe(200);
    await expect.poll(() => mailboxMessages().filter((m) => m.to === email).length).toBe(11);
  });

  it('G3: a code stored hashed before codes were encrypted reads as none: a wrong code, then a new one, never a 5xx', async () => {
    const email = address('upgraded');
    const client = { ip: '192.0.2.40' };
    await (await database()).insert(verification).values({
      id: randomBytes(8).toString('hex'),
      identifier: `sign-in-otp-${email}#${client.ip}`,
      value: `${randomBytes(32).toString('base64url')}:0`,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await signInWithCode(email, '123456', client)).status).toBe(400);
    const before = newestMailId();
    expect((await requestCode(email, client)).status).toBe(200);
    expect((await signInWithCode(email, await codeSentAfter(email, before), client)).status).toBe(200);
  });
});
