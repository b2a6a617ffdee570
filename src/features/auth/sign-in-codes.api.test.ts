// What an outsider does to an address's codes never keeps its owner from signing in.
import { describe, expect, it } from 'vitest';
import { mailboxMessages } from '#/server/email/dev-mailbox.ts';
import { codeSentAfter, newestMailId } from '../../../tests/support/api.ts';
import { requestCode, signInWithCode, wrongCodes } from '../../../tests/support/login-codes.ts';

const codesMailedTo = (email: string) =>
  mailboxMessages().flatMap((m) => (m.to === email ? (/^\s*(\d{6})\s*$/m.exec(m.text)?.[1] ?? []) : []));

/** Five code requests (the sixth is refused) and three wrong guesses. */
async function outsiderPlaysWith(email: string, ip: string) {
  const requests = [];
  for (let i = 0; i < 6; i++) requests.push((await requestCode(email, { ip })).status);
  expect(requests).toEqual([200, 200, 200, 200, 200, 429]);
  await expect.poll(() => codesMailedTo(email).length).toBeGreaterThanOrEqual(5);
  const guesses = [];
  for (const guess of wrongCodes(3, codesMailedTo(email))) guesses.push((await signInWithCode(email, guess, { ip })).status);
  expect(guesses).toEqual([400, 400, 400]);
}

describe('sign-in codes from several clients', () => {
  it('F3: after an outsider’s five code requests and three wrong guesses, the owner asks for a code from another address and signs in', async () => {
    const email = 'admin@example.com';
    await outsiderPlaysWith(email, '203.0.113.66');

    const owner = { ip: '198.51.100.7' };
    const before = newestMailId();
    expect((await requestCode(email, owner)).status).toBe(200);
    const signedIn = await signInWithCode(email, await codeSentAfter(email, before), owner);
    expect(signedIn.status).toBe(200);
    expect((signedIn.body?.user as { email?: string } | undefined)?.email).toBe(email);
  });

  it('F3: the code the owner is about to type survives an outsider’s requests and wrong guesses in the meantime', async () => {
    const email = 'user@example.com';
    const owner = { ip: '198.51.100.8' };
    const before = newestMailId();
    expect((await requestCode(email, owner)).status).toBe(200);
    const pending = await codeSentAfter(email, before);

    await outsiderPlaysWith(email, '203.0.113.67');

    const signedIn = await signInWithCode(email, pending, owner);
    expect(signedIn.status).toBe(200);
    expect((signedIn.body?.user as { email?: string } | undefined)?.email).toBe(email);
  });
});
