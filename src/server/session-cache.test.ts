import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_CACHE_MS, cachedSession, changingSessions, mayChangeSessions, sessionCookie } from './session-cache.ts';

type S = { user: string; expiresAt: number } | null;
const expiresAt = (s: S) => s?.expiresAt ?? Infinity;
const later = Date.now() + 3_600_000;

/** A session reader that counts its calls and answers what `next` holds. */
function reader(first: S) {
  const state = { calls: 0, next: first };
  const read = vi.fn(async () => {
    state.calls++;
    return state.next;
  });
  return { state, read };
}

let n = 0;
const freshCookie = () => `better-auth.session_token=t${++n}.sig`;

afterEach(() => vi.useRealTimers());

describe('cachedSession', () => {
  it('reuses a read for the same cookie, and reads again for another cookie', async () => {
    const { state, read } = reader({ user: 'amina', expiresAt: later });
    const cookie = freshCookie();
    expect(await cachedSession(cookie, read, expiresAt)).toEqual({ user: 'amina', expiresAt: later });
    state.next = { user: 'changed behind our back', expiresAt: later };
    expect((await cachedSession(cookie, read, expiresAt))?.user).toBe('amina');
    expect(state.calls).toBe(1);
    expect((await cachedSession(freshCookie(), read, expiresAt))?.user).toBe('changed behind our back');
    expect(state.calls).toBe(2);
  });

  it('reads again once a request that may change sessions has run', async () => {
    const { state, read } = reader({ user: 'amina', expiresAt: later });
    const cookie = freshCookie();
    await cachedSession(cookie, read, expiresAt);
    await changingSessions(async () => {
      state.next = null; // e.g. "sign out everywhere"
    });
    expect(await cachedSession(cookie, read, expiresAt)).toBeNull();
    expect(state.calls).toBe(2);
  });

  it('does not keep a read that overlapped such a request', async () => {
    const { state, read } = reader({ user: 'amina', expiresAt: later });
    const cookie = freshCookie();
    let finishWrite!: () => void;
    const write = changingSessions(() => new Promise<void>((resolve) => (finishWrite = resolve)));
    await cachedSession(cookie, read, expiresAt); // read while the write is under way
    finishWrite();
    await write;
    state.next = null;
    expect(await cachedSession(cookie, read, expiresAt)).toBeNull();
    expect(state.calls).toBe(2);
  });

  it('never serves a session past its own expiry, nor a read older than SESSION_CACHE_MS', async () => {
    vi.useFakeTimers({ now: Date.now() });
    const soon = Date.now() + 1000;
    const { state, read } = reader({ user: 'amina', expiresAt: soon });
    const a = freshCookie();
    await cachedSession(a, read, expiresAt);
    vi.advanceTimersByTime(1001);
    state.next = null;
    expect(await cachedSession(a, read, expiresAt)).toBeNull();
    expect(state.calls).toBe(2);

    const b = freshCookie();
    state.next = { user: 'baraka', expiresAt: Date.now() + 3_600_000 };
    await cachedSession(b, read, expiresAt);
    vi.advanceTimersByTime(SESSION_CACHE_MS);
    state.next = null;
    expect(await cachedSession(b, read, expiresAt)).toBeNull();
    expect(state.calls).toBe(4);
  });
});

describe('which requests may change sessions', () => {
  it.each([
    ['POST', '/api/auth/sign-out', true],
    ['POST', '/api/rpc/users', true],
    ['PUT', '/api/rpc/users/1', true],
    ['DELETE', '/api/rpc/books/1', true],
    ['POST', '/_serverFn/abc', true],
    ['GET', '/api/auth/callback/github', true],
    ['GET', '/api/auth/list-sessions', true],
    ['GET', '/api/auth/get-session', false],
    ['GET', '/api/rpc/books', false],
    ['GET', '/app/books', false],
    ['HEAD', '/login', false],
  ])('%s %s → %s', (method, path, expected) => {
    expect(mayChangeSessions(method, path)).toBe(expected);
  });
});

describe('sessionCookie', () => {
  const request = (cookie?: string) => new Request('http://x/', { headers: cookie ? { cookie } : {} });
  it('finds Better Auth session cookie, with or without the __Secure- prefix', () => {
    expect(sessionCookie(request('theme=dark; better-auth.session_token=abc.def; i18next=fr'))).toBe('better-auth.session_token=abc.def');
    expect(sessionCookie(request('__Secure-better-auth.session_token=abc.def'))).toBe('__Secure-better-auth.session_token=abc.def');
    expect(sessionCookie(request('theme=dark'))).toBeUndefined();
    expect(sessionCookie(request('xbetter-auth.session_token=abc'))).toBeUndefined();
    expect(sessionCookie(request())).toBeUndefined();
  });
});
