import { createRouter } from '@tanstack/react-router';
import { getGlobalStartContext } from '@tanstack/react-start';
import { I18nextProvider } from 'react-i18next';
import { routeTree } from './routeTree.gen';
import { DefaultCatchBoundary, DefaultNotFound } from './components/errors/router-fallbacks';
import { browserI18n } from './lib/i18n/browser';
import { requestI18n } from './lib/i18n/i18n';
import { loadRouteNamespaces } from './lib/i18n/route-namespaces';
import { handleDemoModeError } from './lib/demo-mode-events';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { createQueryClient } from './lib/query-client';
import { parseSearch, stringifySearch } from './lib/search-params';

/** The CSP nonce: from the request on the server; from the page's own scripts in the browser. */
function cspNonce(): string | undefined {
  if (typeof document === 'undefined') return (getGlobalStartContext() as { nonce?: string } | undefined)?.nonce;
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

/** Called once per request on the server (each request gets its own i18n and query cache), once in the browser. */
export async function getRouter() {
  const onServer = typeof document === 'undefined';
  const i18n = onServer ? requestI18n() : browserI18n();
  const queryClient = createQueryClient(handleDemoModeError);
  const router = createRouter({
    routeTree,
    context: { i18n, queryClient },
    parseSearch,
    stringifySearch,
    ssr: { nonce: cspNonce() },
    scrollRestoration: true,
    scrollRestorationBehavior: 'instant',
    defaultPreload: 'intent',
    defaultPreloadDelay: 50,
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 1000,
    defaultPendingMinMs: 500,
    // No router-wide pending component: on a slow load (past defaultPendingMs) a page without one of its own
    // stays as it was until the next is ready, rather than a skeleton with no heading replacing it (the
    // audit log's filters, the code-to-onboarding step). A route that is tried again (loadQuery) names its own.
    defaultGcTime: 5 * 60 * 1000,
    defaultErrorComponent: DefaultCatchBoundary,
    defaultNotFoundComponent: DefaultNotFound,
    Wrap: ({ children }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>,
    // Before hydrating a server-rendered page: the translations its routes declare.
    hydrate: async () => {
      await loadRouteNamespaces(i18n, router.matchRoutes(router.latestLocation));
    },
  });
  // The render's queries go with the page, and the whole app gets the QueryClientProvider.
  setupRouterSsrQueryIntegration({ router, queryClient });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: Awaited<ReturnType<typeof getRouter>>;
  }
}
