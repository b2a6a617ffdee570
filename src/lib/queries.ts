/**
 * TanStack Query, loaded with the first page that needs it (decision 026). The sign-in pages —
 * the first load of most visitors — never do: the browser fetches Query's chunk when a signed-in
 * section's guard runs, or while hydrating a page whose server render used the cache.
 * The server loads it for every request: its bundle has no budget.
 */
import { notFound } from '@tanstack/react-router';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import type * as QueryClientModule from './query-client';
import { noteWrite, onWrite } from './write-events';

type QueryModule = typeof QueryClientModule;

/** What the server's router integration sends: queries settled during the render, then a stream of later ones. */
export interface DehydratedQueries {
  initial?: DehydratedState['queries'];
  stream: ReadableStream<DehydratedState['queries']>;
}

/**
 * The one place a product-API refusal (an ORPCError, src/lib/api-client.ts) becomes the router's
 * `notFound()`: NOT_FOUND, and input the API refuses (a loader's input comes from the page's URL,
 * so an id too long or with a NUL names nothing).
 */
async function found<T>(data: Promise<T>): Promise<T> {
  try {
    return await data;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'NOT_FOUND' || code === 'INPUT_VALIDATION_FAILED') throw notFound();
    throw error;
  }
}

export class Queries {
  #module?: Promise<QueryModule>;
  #client?: QueryClient;
  #loading?: Promise<QueryClient>;
  readonly #onMutationError?: (error: unknown) => void;

  /** @param onMutationError one global handler for failed writes (see `createQueryClient`). */
  constructor(onMutationError?: (error: unknown) => void) {
    this.#onMutationError = onMutationError;
  }

  /** The query client, loading Query first if no page has needed it yet. */
  client(): Promise<QueryClient> {
    if (this.#client) return Promise.resolve(this.#client);
    this.#loading ??= this.#load().catch((error: unknown) => {
      // A failed chunk load (offline) is tried again by the next caller.
      this.#loading = undefined;
      this.#module = undefined;
      throw error;
    });
    return this.#loading;
  }

  /** The client if Query is loaded already; never loads it. */
  get current(): QueryClient | undefined {
    return this.#client;
  }

  /**
   * A route loader's `ensureQueryData`, for the sections' loaders (their guard has loaded Query). A
   * procedure's NOT_FOUND, or input it refuses, becomes the route's not-found page (HTTP status 404
   * on the server render).
   */
  readonly ensure: QueryClient['ensureQueryData'] = async (options) => found((await this.client()).ensureQueryData(options));

  /** A route loader's `ensureInfiniteQueryData`. */
  readonly ensureInfinite: QueryClient['ensureInfiniteQueryData'] = async (options) =>
    found((await this.client()).ensureInfiniteQueryData(options));

  /**
   * In the browser, before a server-rendered page hydrates: the queries its render used. Query loads
   * only if there are any (a section's page always has the session; the sign-in pages have none).
   */
  async hydrate(dehydrated: DehydratedQueries | undefined): Promise<void> {
    if (!dehydrated) return;
    if (dehydrated.initial?.length) await this.#hydrate(dehydrated.initial);
    // Queries the server settles after the shell streamed (none today: every loader awaits its data).
    void this.#readStream(dehydrated.stream);
  }

  async #hydrate(queries: DehydratedState['queries']) {
    const client = await this.client();
    const { hydrate } = await this.#loadModule();
    hydrate(client, { queries, mutations: [] });
  }

  async #readStream(stream: ReadableStream<DehydratedState['queries']>) {
    const reader = stream.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        if (value.length) await this.#hydrate(value);
      }
    } catch (error) {
      console.error('Reading the server’s queries failed:', error);
      reader.cancel(error).catch(() => {});
    } finally {
      reader.releaseLock();
    }
  }

  #loadModule(): Promise<QueryModule> {
    return (this.#module ??= import('./query-client'));
  }

  async #load(): Promise<QueryClient> {
    const { createQueryClient } = await this.#loadModule();
    this.#client = createQueryClient(this.#onMutationError, { note: noteWrite, subscribe: onWrite });
    return this.#client;
  }
}
