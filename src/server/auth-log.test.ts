// G12: a client's mistake is a warning in the log, not an error, and never the whole value it sent.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getAuth } from './auth.ts';
import { handleAuthRequest } from './auth-handler.ts';
import { logAuthLine, withAuthLines } from './auth-log.ts';
import { logger } from './logger.ts';
import { inRequestContext } from './request-context.ts';

const ORIGIN = 'http://localhost:3000';
// A provider to sign in with, so that its callback URL is checked (no request reaches it).
process.env.GITHUB_CLIENT_ID = 'g12-client';
process.env.GITHUB_CLIENT_SECRET = 'g12-secret';

/** What the log got, level by level, as the lines' text. */
function captureLog() {
  const lines: Array<{ level: string; text: string }> = [];
  for (const level of ['debug', 'info', 'warn', 'error'] as const) {
    vi.spyOn(logger(), level).mockImplementation(((obj: unknown, message?: string) => {
      lines.push({ level, text: `${typeof message === 'string' ? message : ''} ${JSON.stringify(obj)}` });
    }) as never);
  }
  return lines;
}

beforeAll(async () => {
  await getAuth();
});
afterEach(() => vi.restoreAllMocks());

describe('Better Auth’s lines in the log', () => {
  it('G12: a social callback with a 5 000-character state is turned away, logged at warn (not error) and cut to a few hundred characters', async () => {
    const lines = captureLog();
    const state = 'a'.repeat(5000);
    const response = await inRequestContext('g12-test', () =>
      handleAuthRequest(new Request(`${ORIGIN}/api/auth/callback/github?code=x&state=${state}`, { headers: { origin: ORIGIN } })),
    );
    expect(response.status).toBeLessThan(500);
    const betterAuth = lines.filter((line) => line.text.includes('Better Auth'));
    expect(betterAuth.length, JSON.stringify(lines).slice(0, 800)).toBeGreaterThan(0);
    expect(betterAuth.map((line) => line.level)).not.toContain('error');
    for (const line of betterAuth) expect(line.text.length).toBeLessThan(600);
  });

  it('G12: a failure (5xx) keeps Better Auth’s own level; outside a request a line is written at once, cut short', async () => {
    const lines = captureLog();
    await inRequestContext('g12-failure', () =>
      withAuthLines(async () => {
        logAuthLine('error', `Failed to create user ${'x'.repeat(5000)}`);
        expect(lines).toEqual([]);
        return new Response(null, { status: 500 });
      }),
    );
    logAuthLine('error', 'x'.repeat(5000), 'y'.repeat(5000));
    expect(lines.map((line) => line.level)).toEqual(['error', 'error']);
    for (const line of lines) expect(line.text.length).toBeLessThan(600);
  });
});
