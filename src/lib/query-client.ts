/** TanStack Query defaults (docs/product.md, Constants). */
import { MutationCache, QueryClient } from '@tanstack/react-query';
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
      mutations: { retry: 0 },
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
