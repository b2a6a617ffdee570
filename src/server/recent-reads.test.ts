import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentReads, mayWrite, writingRequest } from './recent-reads.ts';
import { sessionCookie } from './session-cookie.ts';

type S = { user: string; expiresAt: number } | null;
const later = Date.now() + 3_600_000;

/** A cache like the sessions' one, and a reader that counts its calls and answers what `next` holds. */
function setup(first: S, options: { maxAgeMs?: number; enabled?: () => boolean } = {}) {
  const cache = new RecentReads<S>({
    maxAgeMs: options.maxAgeMs ?? 30_000,
    maxEntries: 3,
    enabled: options.enabled ?? (() => true),
    validUntil: (s) => s?.expiresAt ?? Infinity,
  });
  const state = { calls: 0, next: first };
  const read = async () => {
    state.calls++;
    return state.next;
  };
  return { cache, state, read };
}

afterEach(() => vi.useRealTimers());

describe('RecentReads', () => {
  it('reuses a read for the same key, and reads again for another key', async () => {
    const { cache, state, read } = setup({ user: 'amina', expiresAt: later });
    expect(await cache.get('a', read)).toEqual({ user: 'amina', expiresAt: later });
    state.next = { user: 'changed behind our back', expiresAt: later };
    expect((await cache.get('a', read))?.user).toBe('amina');
    expect(state.calls).toBe(1);
    expect((await cache.get('b', read))?.user).toBe('changed behind our back');
    expect(state.calls).toBe(2);
  });

  it('reads again once a request that may write has run', async () => {
    const { cache, state, read } = setup({ user: 'amina', expiresAt: later });
    await cache.get('a', read);
    await writingRequest(async () => {
      state.next = null; // e.g. "sign out everywhere"
    });
    expect(await cache.get('a', read)).toBeNull();
    expect(state.calls).toBe(2);
  });

  it('does not keep a read that started before a write and ended during it', async () => {
    const { cache, state, read } = setup({ user: 'amina', expiresAt: later });
    let finishRead!: () => void;
    const slowRead = async () => {
      await new Promise<void>((resolve) => (finishRead = resolve));
      return read();
    };
    const reading = cache.get('a', slowRead);
    let finishWrite!: () => void;
    const write = writingRequest(() => new Promise<void>((resolve) => (finishWrite = resolve)));
    finishRead();
    await reading;
    finishWrite();
    await write;
    state.next = null;
    expect(await cache.get('a', read)).toBeNull();
    expect(state.calls).toBe(2);
  });

  it('does not keep a read that a whole write happened during', async () => {
    const { cache, state, read } = setup({ user: 'amina', expiresAt: later });
    let finishRead!: () => void;
    const reading = cache.get('a', async () => {
      const value = await read();
      await new Promise<void>((resolve) => (finishRead = resolve));
      return value;
    });
    await writingRequest(async () => {
      state.next = null;
    });
    finishRead();
    expect((await reading)?.user).toBe('amina');
    expect(await cache.get('a', read)).toBeNull();
    expect(state.calls).toBe(2);
  });

  it('never serves a value past its own validity, nor one older than maxAgeMs', async () => {
    vi.useFakeTimers({ now: Date.now() });
    const { cache, state, read } = setup({ user: 'amina', expiresAt: Date.now() + 1000 });
    await cache.get('a', read);
    vi.advanceTimersByTime(1001);
    state.next = null;
    expect(await cache.get('a', read)).toBeNull();
    expect(state.calls).toBe(2);

    state.next = { user: 'baraka', expiresAt: Date.now() + 3_600_000 };
    await cache.get('b', read);
    vi.advanceTimersByTime(30_000);
    state.next = null;
    expect(await cache.get('b', read)).toBeNull();
    expect(state.calls).toBe(4);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const { cache, state, read } = setup({ user: 'amina', expiresAt: later });
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, read);
    expect(state.calls).toBe(4);
    await cache.get('d', read);
    expect(state.calls).toBe(4);
    await cache.get('a', read);
    expect(state.calls).toBe(5);
  });

  it('reads every time when disabled (several instances)', async () => {
    const { cache, state, read } = setup({ user: 'amina', expiresAt: later }, { enabled: () => false });
    await cache.get('a', read);
    await cache.get('a', read);
    expect(state.calls).toBe(2);
  });
});

describe('which requests may write', () => {
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
    expect(mayWrite(method, path)).toBe(expected);
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
