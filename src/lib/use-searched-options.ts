import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ComboboxOption } from '#/components/ui/combobox';
import { SEARCH_DEBOUNCE_MS } from './use-search-input';

/**
 * A `Combobox` over a paged list (`{ items }`), asked for what the person types once typing pauses:
 * spread the result into the Combobox. The earlier matches stay while the next ones load.
 */
export function useSearchedOptions<T, TError>(
  query: (searchTerm: string) => UseQueryOptions<{ items: T[] }, TError, { items: T[] }, QueryKey>,
  toOption: (item: T) => ComboboxOption,
) {
  const [typed, setTyped] = useState('');
  const [searchTerm, setSearchTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearchTerm(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, isFetching } = useQuery({ ...query(searchTerm), placeholderData: keepPreviousData });
  return {
    options: data?.items.map(toOption) ?? [],
    onQueryChange: setTyped,
    loading: isFetching || typed.trim() !== searchTerm,
  };
}
