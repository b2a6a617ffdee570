import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasterStore } from './toast';

const SonnerToaster = lazy(() => import('./toaster-sonner'));

export function Toaster() {
  const requested = useSyncExternalStore(toasterStore.subscribe, toasterStore.isRequested, () => false);
  return requested ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}
