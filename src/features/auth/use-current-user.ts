import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from './session';

/** The guard has loaded the session already. */
export function useCurrentUser() {
  return useQuery(sessionQuery).data ?? null;
}
