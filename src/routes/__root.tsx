import { HeadContent, Outlet, Scripts, createRootRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import '../styles.css';
import { PageError } from '#/components/errors/page-error';
import { PageNotFound } from '#/components/errors/page-not-found';
import { EnvBanner } from '#/features/config/env-banner';
import { getAppConfig } from '#/features/config/config.functions';

export const Route = createRootRoute({
  loader: () => getAppConfig(),
  staleTime: Infinity,
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { title: 'Springboard' },
    ],
  }),
  shellComponent: RootDocument,
  component: RootLayout,
  notFoundComponent: PageNotFound,
  errorComponent: PageError,
});

function RootLayout() {
  const config = Route.useLoaderData();
  useEffect(() => {
    // Marks the end of hydration: read by end-to-end tests and the benchmark.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      {config.banner && <EnvBanner {...config.banner} />}
      <Outlet />
    </>
  );
}

function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="en" dir="ltr">
      <head>
        <HeadContent />
      </head>
      <body className="min-h-dvh antialiased">
        {children}
        <Scripts />
      </body>
    </html>
  );
}
