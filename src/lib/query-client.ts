/** TanStack Query defaults (docs/product.md, Constants). */
import {
  MutationCache,
  QueryClient,
  type DefaultError,
  type EnsureInfiniteQueryDataOptions,
  type EnsureQueryDataOptions,
  type QueryKey,
} from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { noteWrite, onWrite } from './write-events';

export const RETRY_DELAY = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

// The server render's answers arrive with the page: not read again at once. This browser's own
// writes mark every answer stale, so only another person's changes wait this long.
export const FRESH_FOR_MS = 30_000;

/** @param onMutationError one global handler for failed writes (the demo-mode dialog listens here, not in any button). */
export function createQueryClient(onMutationError?: (error: unknown) => void) {
  const onServer = typeof window === 'undefined';
  const client = new QueryClient({
    mutationCache: new MutationCache({ onError: (error) => onMutationError?.(error), onSuccess: noteWrite }),
    defaultOptions: {
      queries: {
        retry: onServer ? 0 : 3,
        retryDelay: RETRY_DELAY,
        staleTime: FRESH_FOR_MS,
        gcTime: 5 * 60 * 1000,
      },
      // A write goes out now or fails now (the form then says the person is offline): TanStack Query's
      // default ('online') would hold it while offline, its button spinning, and send it when the
      // connection returned, long after the person had given up on it.
      mutations: { retry: 0, networkMode: 'always' },
    },
  });
  // Stale, not refetched at once; never unsubscribed, as the browser has one client per page.
  if (!onServer) onWrite(() => void client.invalidateQueries({ refetchType: 'none' }));
  return client;
}

/** An id from the URL that the API does not find, or refuses (too long, a NUL), is the route's 404. */
export async function orNotFound<T>(data: Promise<T>): Promise<T> {
  try {
    return await data;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'NOT_FOUND' || code === 'INPUT_VALIDATION_FAILED') throw notFound();
    throw error;
  }
}

/** A refusal (a 4xx: not found, not allowed, bad input) is the answer; anything else may pass if tried again. */
const worthRetrying = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return !(typeof status === 'number' && status >= 400 && status < 500);
};

// A route's data, read once before the page shows. Were the loader to wait out the retries (1 + 2 + 4 s),
// the page being left would stay on screen under the new page's name all that time: after a first try
// that failed in the browser, the query is forgotten and the loader returns, so the page renders at once
// and its useSuspenseQuery shows the route's pending state while TanStack Query tries again (and its
// error view once the tries are spent). A refusal, and anything on the server, still throws at once.
async function firstTry<T>(client: QueryClient, queryKey: QueryKey, load: Promise<T>): Promise<T | undefined> {
  try {
    return await load;
  } catch (error) {
    if (typeof window === 'undefined' || !worthRetrying(error)) throw error;
    client.removeQueries({ queryKey, exact: true });
    return undefined;
  }
}

/** `ensureQueryData` for a route's loader: the answer, or nothing while the page itself tries again. */
export function loadQuery<TQueryFnData, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  client: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
) {
  return firstTry(client, options.queryKey, client.ensureQueryData({ ...options, retry: false }));
}

/** `ensureInfiniteQueryData` for a route's loader, as `loadQuery`. */
export function loadInfiniteQuery<
  TQueryFnData,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
  TPageParam = unknown,
>(client: QueryClient, options: EnsureInfiniteQueryDataOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>) {
  return firstTry(client, options.queryKey, client.ensureInfiniteQueryData({ ...options, retry: false }));
}
