import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

// A form that needs its script keeps its submit disabled until hydrated: a press before that
// would send a plain GET with its fields in the address.
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
