/** TanStack Query defaults from spec section 9. */
import { QueryClient } from '@tanstack/react-query';

export const RETRY_DELAY = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

export function createQueryClient() {
  const onServer = typeof window === 'undefined';
  return new QueryClient({
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
