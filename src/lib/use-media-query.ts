import { useSyncExternalStore } from 'react';

/** Live result of a CSS media query; `serverValue` on the server and during hydration. */
function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/** Dialogs above 640 px, drawers below. */
const DESKTOP_QUERY = '(min-width: 640px)';
export const useIsDesktop = () => useMediaQuery(DESKTOP_QUERY, true);
