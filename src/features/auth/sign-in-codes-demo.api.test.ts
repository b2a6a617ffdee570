// A public demo: visitors are told apart by their `sb-mailbox` cookie.
import { describe, expect, it, vi } from 'vitest';
import type * as EnvModule from '#/server/env.ts';
import { codeSentAfter, newestMailId } from '../../../tests/support/api.ts';
import { requestCode, signInWithCode, wrongCodes, type Client } from '../../../tests/support/login-codes.ts';

// A public demo's environment; the process stays a test one (React's development build).
vi.mock('#/server/env.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof EnvModule>();
  const demo = actual.parseEnv({ ...process.env, NODE_ENV: 'production', DEMO_MODE: 'true', EMAIL_SERVER: '' });
  return { ...actual, env: () => demo };
});

const DEMO_ACCOUNT = 'admin@example.com';

async function newVisitor(ip: string, email: string) {
  const before = newestMailId();
  const sent = await requestCode(email, { ip });
  expect(sent.status).toBe(200);
  const cookie = sent.cookies.find((c) => c.startsWith('sb-mailbox='));
  expect(cookie).toBeDefined();
  const visitor: Client = { ip, cookie };
  return { visitor, code: await codeSentAfter(email, before, cookie!.slice('sb-mailbox='.length)) };
}

describe('sign-in codes in a public demo', () => {
  it('F12: two visitors ask for a code for the same demo account, from the same address, and both codes work', async () => {
    const a = await newVisitor('198.51.100.20', DEMO_ACCOUNT);
    const b = await newVisitor('198.51.100.20', DEMO_ACCOUNT);
    expect((await signInWithCode(DEMO_ACCOUNT, a.code, a.visitor)).status).toBe(200);
    expect((await signInWithCode(DEMO_ACCOUNT, b.code, b.visitor)).status).toBe(200);
  });

  it('F12: a visitor’s three wrong guesses do not stop another visitor', async () => {
    const email = 'user@example.com';
    const a = await newVisitor('198.51.100.21', email);
    const b = await newVisitor('198.51.100.22', email);
    const guesses = [];
    for (const guess of wrongCodes(3, [a.code, b.code])) guesses.push((await signInWithCode(email, guess, b.visitor)).status);
    expect(guesses).toEqual([400, 400, 400]);
    expect((await signInWithCode(email, a.code, a.visitor)).status).toBe(200);
  });

  it('F12: a client that drops its mailbox cookie does not get a fresh quota', async () => {
    const ip = '198.51.100.23';
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await requestCode(DEMO_ACCOUNT, { ip })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The demo account is no one's: other visitors still get theirs past an ordinary address's 20 in 10 minutes.
    const others = [];
    for (let client = 0; client < 5; client++)
      for (let i = 0; i < 5; i++) others.push((await requestCode(DEMO_ACCOUNT, { ip: `198.51.100.${30 + client}` })).status);
    expect(others).toEqual(Array(25).fill(200));
  });
});
