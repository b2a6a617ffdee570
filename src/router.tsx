import { createRouter } from '@tanstack/react-router';
import { getGlobalStartContext } from '@tanstack/react-start';
import { I18nextProvider } from 'react-i18next';
import { routeTree } from './routeTree.gen';
import { DefaultCatchBoundary, DefaultNotFound } from './components/errors/router-fallbacks';
import { browserI18n } from './lib/i18n/browser';
import { requestI18n } from './lib/i18n/i18n';
import { loadRouteNamespaces } from './lib/i18n/route-namespaces';
import { handleDemoModeError } from './lib/demo-mode-events';
import { Queries, type DehydratedQueries } from './lib/queries';

/** The CSP nonce: from the request on the server; from the page's own scripts in the browser. */
function cspNonce(): string | undefined {
  if (typeof document === 'undefined') return (getGlobalStartContext() as { nonce?: string } | undefined)?.nonce;
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

/** Called once per request on the server (each request gets its own i18n and query cache), once in the browser. */
export async function getRouter() {
  const onServer = typeof document === 'undefined';
  const i18n = onServer ? requestI18n() : browserI18n();
  const queries = new Queries(handleDemoModeError);
  const router = createRouter({
    routeTree,
    context: { i18n, queries },
    ssr: { nonce: cspNonce() },
    scrollRestoration: true,
    scrollRestorationBehavior: 'instant',
    defaultPreload: 'intent',
    defaultPreloadDelay: 50,
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 1000,
    defaultPendingMinMs: 500,
    defaultGcTime: 5 * 60 * 1000,
    defaultErrorComponent: DefaultCatchBoundary,
    defaultNotFoundComponent: DefaultNotFound,
    Wrap: ({ children }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>,
    // Before hydrating a server-rendered page: the translations its routes declare, and the
    // queries its render used (sent by the integration below).
    hydrate: async (dehydrated?: { query?: DehydratedQueries }): Promise<void> => {
      await Promise.all([loadRouteNamespaces(i18n, router.matchRoutes(router.latestLocation)), queries.hydrate(dehydrated?.query)]);
    },
  });
  if (onServer) {
    // The server's half of TanStack's integration: it sends the render's queries with the page.
    // The browser's half is `queries.hydrate`, which loads Query only for pages that used it. The
    // provider is the sections' (`Section`), on both sides, so that both render the same tree.
    const [queryClient, { setupRouterSsrQueryIntegration }] = await Promise.all([
      queries.client(),
      import('@tanstack/react-router-ssr-query'),
    ]);
    setupRouterSsrQueryIntegration({ router, queryClient, wrapQueryClient: false });
  }
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: Awaited<ReturnType<typeof getRouter>>;
  }
}
