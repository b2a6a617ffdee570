import { useEffect, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box bound to a URL search param: typing updates the box at once and the URL once the
 * typing pauses (300 ms), so the list follows the URL and a reload keeps the search.
 */
export function useSearchInput(searchTerm: string, commit: (term: string) => void) {
  const [term, setTerm] = useState(searchTerm);
  useEffect(() => {
    if (term === searchTerm) return;
    const timer = setTimeout(() => commit(term), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, searchTerm, commit]);
  return [term, setTerm] as const;
}
