/** One cache entry, invalidated after every sign-in, sign-out or profile change. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getSessionUser } from './auth.functions';

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: () => getSessionUser(),
  staleTime: 30_000,
});

export const refreshSession = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
