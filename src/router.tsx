import { createRouter } from '@tanstack/react-router';
import { getGlobalStartContext } from '@tanstack/react-start';
import { routeTree } from './routeTree.gen';
import { PageError } from './components/errors/page-error';
import { PageNotFound } from './components/errors/page-not-found';

/** The CSP nonce: from the request on the server; from the page's own scripts in the browser. */
function cspNonce(): string | undefined {
  if (typeof document === 'undefined') return (getGlobalStartContext() as { nonce?: string } | undefined)?.nonce;
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

export function getRouter() {
  return createRouter({
    routeTree,
    ssr: { nonce: cspNonce() },
    scrollRestoration: true,
    scrollRestorationBehavior: 'instant',
    defaultPreload: 'intent',
    defaultPreloadDelay: 50,
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 1000,
    defaultPendingMinMs: 500,
    defaultGcTime: 5 * 60 * 1000,
    defaultErrorComponent: PageError,
    defaultNotFoundComponent: PageNotFound,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>;
  }
}
