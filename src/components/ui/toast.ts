/**
 * Toasts with sonner's API, loaded on the first one: sonner and its Toaster are not part of a
 * page's first load. The first call mounts the real Toaster (`<Toaster />` in the root layout
 * renders it from then on), then shows the toast once the Toaster listens.
 */
import type { ReactNode } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

type SonnerToast = typeof sonnerToast;

let requested = false;
let ready: Promise<SonnerToast> | undefined;
let resolveReady: ((toast: SonnerToast) => void) | undefined;
const listeners = new Set<() => void>();

/** Read by `<Toaster />`: whether a toast was ever requested (then it renders sonner's Toaster). */
export const toasterStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isRequested: () => requested,
  /** Called by sonner's Toaster once mounted and listening. */
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

/** The toast types (docs/product.md, Constants). */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  message: show('message'),
  loading: (message: ReactNode, data?: ExternalToast): void => void toaster().then((toast) => toast.loading(message, data)),
};
