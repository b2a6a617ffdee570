// sonner loads with the first toast, not with the page: the first call mounts the real Toaster,
// then shows the toast once it listens.
import type { ReactNode } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

type SonnerToast = typeof sonnerToast;

let requested = false;
let ready: Promise<SonnerToast> | undefined;
let resolveReady: ((toast: SonnerToast) => void) | undefined;
const listeners = new Set<() => void>();

export const toasterStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isRequested: () => requested,
  ready(toast: SonnerToast) {
    resolveReady?.(toast);
  },
};

function toaster(): Promise<SonnerToast> {
  ready ??= new Promise<SonnerToast>((resolve) => {
    resolveReady = resolve;
    requested = true;
    listeners.forEach((listener) => listener());
  });
  return ready;
}

type Kind = 'success' | 'error' | 'info' | 'warning' | 'message';
const show =
  (kind: Kind) =>
  (message: ReactNode, data?: ExternalToast): void =>
    void toaster().then((toast) => toast[kind](message, data));

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  message: show('message'),
  loading: (message: ReactNode, data?: ExternalToast): void => void toaster().then((toast) => toast.loading(message, data)),
};
