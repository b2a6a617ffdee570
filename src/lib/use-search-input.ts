import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

/** A search box bound to the URL's `searchTerm`, so a reload keeps the search; the URL follows once typing pauses. */
export function useSearchInput(searchTerm: string) {
  const navigate = useNavigate();
  const commit = useCallback(
    (value: string) =>
      void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, searchTerm: value }), replace: true }),
    [navigate],
  );
  const [term, setTerm] = useState(searchTerm);
  useEffect(() => {
    if (term === searchTerm) return;
    const timer = setTimeout(() => commit(term), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, searchTerm, commit]);
  /** Empties the box and the URL's term at once ('Clear search'). */
  const clear = useCallback(() => {
    setTerm('');
    commit('');
  }, [commit]);
  return [term, setTerm, clear] as const;
}
