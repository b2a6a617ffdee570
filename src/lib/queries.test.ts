import { QueryClient, dehydrate } from '@tanstack/react-query';
import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { Queries, type DehydratedQueries } from './queries';

/** What the server integration sends: the settled queries, then a stream of later ones. */
function fromServer(initial: QueryClient | undefined, later: QueryClient[] = []): DehydratedQueries {
  return {
    initial: initial && dehydrate(initial).queries,
    stream: new ReadableStream({
      start(controller) {
        for (const client of later) controller.enqueue(dehydrate(client).queries);
        controller.close();
      },
    }),
  };
}

async function serverCache(key: string, data: unknown) {
  const client = new QueryClient();
  await client.prefetchQuery({ queryKey: [key], queryFn: () => data });
  return client;
}

describe('Queries: TanStack Query loaded on first use', () => {
  it('loads one client, once, however many callers ask at the same time', async () => {
    const queries = new Queries();
    expect(queries.current).toBeUndefined();
    const [a, b] = await Promise.all([queries.client(), queries.client()]);
    expect(a).toBe(b);
    expect(queries.current).toBe(a);
    expect(await queries.client()).toBe(a);
  });

  it('a page rendered without queries (the sign-in pages) does not load Query', async () => {
    const queries = new Queries();
    await queries.hydrate(fromServer(undefined));
    await queries.hydrate(undefined);
    expect(queries.current).toBeUndefined();
  });

  it("a section's page gets the server's cache before it hydrates, and later queries as they stream", async () => {
    const queries = new Queries();
    await queries.hydrate(fromServer(await serverCache('session', { name: 'Amina' }), [await serverCache('books', ['Kintu'])]));
    const client = queries.current!;
    expect(client.getQueryData(['session'])).toEqual({ name: 'Amina' });
    await expect.poll(() => client.getQueryData(['books'])).toEqual(['Kintu']);
  });

  it('ensure and ensureInfinite load Query and fill its cache like the client methods', async () => {
    const queries = new Queries();
    expect(await queries.ensure({ queryKey: ['one'], queryFn: () => 1 })).toBe(1);
    const pages = await queries.ensureInfinite({
      queryKey: ['list'],
      queryFn: ({ pageParam }) => [pageParam],
      initialPageParam: 0,
      getNextPageParam: (_last: number[], all: number[][]) => all.length,
    });
    expect(pages.pages).toEqual([[0]]);
    expect(queries.current!.getQueryData(['one'])).toBe(1);
  });

  it("turns a procedure's NOT_FOUND or refused input into the router's notFound(), and lets other errors through", async () => {
    const { ORPCError } = await import('@orpc/client');
    const queries = new Queries();
    const missing = new ORPCError('NOT_FOUND', { status: 404, message: 'Book not found' });
    const thrown = await queries.ensure({ queryKey: ['missing'], queryFn: () => Promise.reject(missing) }).catch((e: unknown) => e);
    expect(isNotFound(thrown)).toBe(true);
    const invalid = new ORPCError('INPUT_VALIDATION_FAILED', { status: 400, message: 'Invalid input' });
    const named = await queries.ensure({ queryKey: ['invalid'], queryFn: () => Promise.reject(invalid) }).catch((e: unknown) => e);
    expect(isNotFound(named)).toBe(true);
    const refused = new ORPCError('FORBIDDEN', { status: 403, message: 'no' });
    await expect(queries.ensure({ queryKey: ['refused'], queryFn: () => Promise.reject(refused) })).rejects.toBe(refused);
  });

  it('failed writes reach the one global handler', async () => {
    const errors: unknown[] = [];
    const client = await new Queries((error) => errors.push(error)).client();
    const failure = new Error('DEMO_MODE');
    await expect(
      client
        .getMutationCache()
        .build(client, {
          mutationFn: () => Promise.reject(failure),
        })
        .execute(undefined),
    ).rejects.toBe(failure);
    expect(errors).toEqual([failure]);
  });
});
