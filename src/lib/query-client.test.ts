import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { isNotFound } from '@tanstack/react-router';
import { createQueryClient, FRESH_FOR_MS, orNotFound, RETRY_DELAY } from './query-client';
import { isAuthWrite, noteWrite } from './write-events';

describe('query defaults (docs/product.md, Constants)', () => {
  it('retries queries 3 times in the browser, never on the server, and never mutations', () => {
    const server = createQueryClient().getDefaultOptions();
    expect(server.queries?.retry).toBe(0);
    expect(server.mutations?.retry).toBe(0);
    expect(server.queries?.gcTime).toBe(5 * 60 * 1000);
    const g = globalThis as { window?: unknown };
    g.window = {};
    try {
      expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(3);
    } finally {
      delete g.window;
    }
  });

  it('waits 1 s, doubling per attempt, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(RETRY_DELAY)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('fresh answers and writes', () => {
  /** A client built as in the browser (`window` defined while it is created). */
  function browserClient() {
    const g = globalThis as { window?: unknown };
    g.window = {};
    try {
      return createQueryClient();
    } finally {
      delete g.window;
    }
  }
  /** Whether a component showing this answer (with the client's defaults) would read it again (never subscribed: no fetch). */
  const stale = (client: ReturnType<typeof createQueryClient>, key: string) =>
    new QueryObserver(client, { queryKey: [key] }).getCurrentResult().isStale;

  it('keeps an answer fresh for 30 s, so a hydrated page does not ask again', () => {
    expect(FRESH_FOR_MS).toBe(30_000);
    const client = browserClient();
    client.setQueryData(['books'], ['a book']);
    expect(stale(client, 'books')).toBe(false);
  });

  it('marks every answer stale after any write in this browser, from either client', async () => {
    const client = browserClient();
    client.setQueryData(['activity'], ['signed in']);
    client.setQueryData(['books'], ['a book']);
    noteWrite();
    expect(stale(client, 'activity')).toBe(true);
    expect(stale(client, 'books')).toBe(true);

    client.setQueryData(['activity'], ['signed in', 'renamed']);
    expect(stale(client, 'activity')).toBe(false);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.resolve('ok') })
      .execute(undefined);
    expect(stale(client, 'activity')).toBe(true);
  });

  it('counts every successful auth call but the session read as a write', () => {
    expect(isAuthWrite('POST', '/api/auth/update-user')).toBe(true);
    expect(isAuthWrite('POST', '/api/auth/organization/set-active')).toBe(true);
    expect(isAuthWrite('GET', '/api/auth/get-session')).toBe(false);
    expect(isAuthWrite(undefined, '/api/auth/organization/list')).toBe(false);
    expect(isAuthWrite('POST', '/api/auth/get-session?disableCookieCache=true')).toBe(false);
  });
});

describe('loaders and writes', () => {
  it("turns a procedure's NOT_FOUND or refused input into the router's notFound(), and lets other errors through", async () => {
    const { ORPCError } = await import('@orpc/client');
    const missing = new ORPCError('NOT_FOUND', { status: 404, message: 'Book not found' });
    expect(isNotFound(await orNotFound(Promise.reject(missing)).catch((e: unknown) => e))).toBe(true);
    const invalid = new ORPCError('INPUT_VALIDATION_FAILED', { status: 400, message: 'Invalid input' });
    expect(isNotFound(await orNotFound(Promise.reject(invalid)).catch((e: unknown) => e))).toBe(true);
    const refused = new ORPCError('FORBIDDEN', { status: 403, message: 'no' });
    await expect(orNotFound(Promise.reject(refused))).rejects.toBe(refused);
  });

  it('failed writes reach the one global handler', async () => {
    const errors: unknown[] = [];
    const client = createQueryClient((error) => errors.push(error));
    const failure = new Error('DEMO_MODE');
    await expect(
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(failure) })
        .execute(undefined),
    ).rejects.toBe(failure);
    expect(errors).toEqual([failure]);
  });
});
