/** TanStack Query defaults (docs/product.md, Constants). */
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';

export const RETRY_DELAY = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * How long an answer counts as fresh in the browser (decision 047). The server render's answers
 * arrive with the page: read again at once, they cost every page view a second call per query
 * and a second render of the list while a phone is still hydrating. Any write this browser makes
 * marks every answer stale (write-events.ts), so a person's own changes show at once wherever they
 * reach; another person's within this time.
 */
export const FRESH_FOR_MS = 30_000;

/** The browser's write signal (`write-events.ts`), passed in: imported here, it would join this chunk. */
export interface WriteSignal {
  note: () => void;
  subscribe: (listener: () => void) => unknown;
}

/**
 * @param onMutationError one global handler for failed writes (the demo-mode dialog listens here,
 * not in any button).
 * @param writes where successful mutations report, and what marks every answer stale after any write.
 */
export function createQueryClient(onMutationError?: (error: unknown) => void, writes?: WriteSignal) {
  const onServer = typeof window === 'undefined';
  const client = new QueryClient({
    mutationCache: new MutationCache({ onError: (error) => onMutationError?.(error), onSuccess: () => writes?.note() }),
    defaultOptions: {
      queries: {
        retry: onServer ? 0 : 3,
        retryDelay: RETRY_DELAY,
        staleTime: FRESH_FOR_MS,
        gcTime: 5 * 60 * 1000,
      },
      mutations: { retry: 0 },
    },
  });
  // Stale, not refetched at once: what is on screen is read again where a feature asks (its own
  // invalidation), or when it is next shown. One client per page in the browser: never unsubscribed.
  if (!onServer) writes?.subscribe(() => void client.invalidateQueries({ refetchType: 'none' }));
  return client;
}

/**
 * A loader's data for an id from the URL: the API's NOT_FOUND, or an id it refuses (too long, a
 * NUL), is the route's not-found page (HTTP 404 on the server render).
 */
export async function orNotFound<T>(data: Promise<T>): Promise<T> {
  try {
    return await data;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'NOT_FOUND' || code === 'INPUT_VALIDATION_FAILED') throw notFound();
    throw error;
  }
}
