import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from './session';

/** The signed-in user inside a guarded section (the guard has loaded the session already). */
export function useCurrentUser() {
  return useQuery(sessionQuery).data ?? null;
}
