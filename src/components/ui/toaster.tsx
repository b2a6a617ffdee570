import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { toasterStore } from './toast';

const load = () => import('./toaster-sonner');
const SonnerToaster = lazy(load);

export function Toaster() {
  const requested = useSyncExternalStore(toasterStore.subscribe, toasterStore.isRequested, () => false);
  // Fetched on the person's first touch, key or focus, not with the page: a save cannot come before one, and
  // a save that fails because the connection has gone must still be able to say so.
  useEffect(() => {
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    const fetchIt = () => {
      events.forEach((event) => window.removeEventListener(event, fetchIt, true));
      void load();
    };
    events.forEach((event) => window.addEventListener(event, fetchIt, { capture: true, passive: true }));
    return () => events.forEach((event) => window.removeEventListener(event, fetchIt, true));
  }, []);
  return requested ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}
