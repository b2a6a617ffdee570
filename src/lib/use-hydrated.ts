import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server render and during hydration, true once React runs the page in the browser.
 * A form that needs its script (every form but the sign-in ones) keeps its submit button disabled
 * until then: a press before that would send a plain GET with its fields in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
