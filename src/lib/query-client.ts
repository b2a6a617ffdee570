/** TanStack Query defaults (docs/product.md, Constants). */
import { MutationCache, QueryClient } from '@tanstack/react-query';

export const RETRY_DELAY = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * @param onMutationError one global handler for failed writes (the demo-mode dialog listens here,
 * not in any button).
 */
export function createQueryClient(onMutationError?: (error: unknown) => void) {
  const onServer = typeof window === 'undefined';
  return new QueryClient({
    mutationCache: new MutationCache({ onError: (error) => onMutationError?.(error) }),
    defaultOptions: {
      queries: {
        retry: onServer ? 0 : 3,
        retryDelay: RETRY_DELAY,
        gcTime: 5 * 60 * 1000,
      },
      mutations: { retry: 0 },
    },
  });
}

/** Puts the server render's queries into the browser's cache (see `Queries.hydrate`). */
export { hydrate } from '@tanstack/react-query';
