import { DirectionProvider } from '@radix-ui/react-direction';
import { HeadContent, Outlet, Scripts, createRootRouteWithContext } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../styles.css';
// The same file styles.css names: Vite gives both one hashed URL under /assets/.
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import notoArabic from '@fontsource-variable/noto-sans-arabic/files/noto-sans-arabic-arabic-wght-normal.woff2?url';
import { PageError } from '#/components/errors/page-error';
import { NavigationProgress } from '#/components/navigation-progress';
import { RouteFocus } from '#/components/route-focus';
import { PageRootNotFound } from '#/components/errors/page-root-not-found';
import { Toaster } from '#/components/ui/toaster';
import { takeFormFlash } from '#/features/auth/form-flash.functions';
import { getAppConfig } from '#/features/config/config.functions';
import { EnvBanner } from '#/features/config/env-banner';
import { settleLanguage } from '#/lib/i18n/browser';
import { languageInfo } from '#/lib/i18n/languages';
import { loadRouteNamespaces, routeTitle } from '#/lib/i18n/route-namespaces';
import { ThemeScript, ThemeSync } from '#/lib/theme';
import { rememberTimeZone } from '#/lib/time-zone';
import type { QueryClient } from '@tanstack/react-query';
import { identity } from '#/lib/identity';
import { pageTitle } from '#/lib/utils';
import { reauthenticationStore } from '#/lib/reauthentication-events';

// Only a demo deployment shows it (its dialog and drawer load with it).
const ReauthenticateDialog = lazy(() => import('#/features/auth/reauthenticate-dialog').then((m) => ({ default: m.ReauthenticateDialog })));
const DemoModeDialog = lazy(() => import('#/features/demo/demo-dialog').then((m) => ({ default: m.DemoModeDialog })));

export interface RouterContext {
  i18n: I18n;
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The translations the next page declares (a first load gets them in the router's `hydrate`).
  beforeLoad: ({ context, matches }) => loadRouteNamespaces(context.i18n, matches),
  loader: async ({ context }) => {
    const onServer = typeof document === 'undefined';
    // A sign-in form's refusal after a post without JavaScript: only a full page load has one.
    const [config, formFlash] = await Promise.all([getAppConfig(), onServer ? takeFormFlash() : null]);
    // The server renders in the request's language; the browser keeps its own choice.
    if (onServer) await context.i18n.changeLanguage(config.language);
    return { ...config, formFlash };
  },
  staleTime: Infinity,
  shouldReload: false,
  head: ({ match, matches }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
      { name: 'apple-mobile-web-app-capable', content: 'yes' },
      { title: pageTitle(routeTitle(match.context.i18n, matches)) },
    ],
    links: [
      // Every page's text is in this file; an Arabic page's in the Arabic one too. `crossOrigin`: fonts are
      // fetched in CORS mode, and a preload without it would be fetched a second time.
      fontPreload(interLatin),
      ...(match.context.i18n.language === 'ar' ? [fontPreload(notoArabic)] : []),
      { rel: 'manifest', href: '/manifest.webmanifest' },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
      { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
    ],
  }),
  shellComponent: RootDocument,
  component: RootLayout,
  notFoundComponent: PageRootNotFound,
  errorComponent: PageError,
});

function fontPreload(href: string) {
  return { rel: 'preload', href, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' } as const;
}

function RootLayout() {
  const config = Route.useLoaderData();
  const { i18n } = useTranslation();
  useEffect(() => {
    // The browser's full detection order (local storage included) may pick another language.
    settleLanguage(i18n);
    // The next page is rendered in this browser's time zone.
    rememberTimeZone();
    // Marks the end of hydration: read by end-to-end tests and the benchmark.
    document.documentElement.dataset.hydrated = 'true';
  }, [i18n]);
  return (
    <>
      <ThemeSync />
      <NavigationProgress />
      <RouteFocus />
      {config.banner && <EnvBanner {...config.banner} />}
      <Outlet />
      <Toaster />
      <Reauthentication />
      {config.demoMode && (
        <Suspense fallback={null}>
          <DemoModeDialog />
        </Suspense>
      )}
    </>
  );
}

/** "Confirm it's you": its code loads the first time a sensitive action asks for it. */
function Reauthentication() {
  const open = useSyncExternalStore(reauthenticationStore.subscribe, reauthenticationStore.isOpen, () => false);
  const [asked, setAsked] = useState(open);
  if (open && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ReauthenticateDialog />
    </Suspense>
  );
}

function RootDocument({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = languageInfo(i18n.language);
  return (
    // The pre-paint theme script sets the class before React hydrates.
    <html lang={language.code} dir={language.dir} suppressHydrationWarning>
      <head>
        <ThemeScript />
        <HeadContent />
        {/* One colour per scheme, written here: the router's head keeps a single tag per name, and dropped the light one. */}
        <meta name="theme-color" content={identity.brand.light.hex} media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content={identity.brand.dark.hex} media="(prefers-color-scheme: dark)" />
      </head>
      <body className="min-h-dvh antialiased">
        {/* Radix's primitives read the direction from here, not from the page: without it a select's trigger, a
            menu's submenus and the arrow keys of a radio group stayed left to right in Arabic. */}
        <DirectionProvider dir={language.dir}>{children}</DirectionProvider>
        <Scripts />
      </body>
    </html>
  );
}
