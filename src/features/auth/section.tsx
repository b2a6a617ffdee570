/**
 * Around a signed-in section (its layout, or its error page): the query cache its pages read and
 * the impersonation banner. Query is loaded by then: the section's guard loads it (decision 026).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ImpersonationBanner } from './impersonation-banner';

export function Section({ children }: { children: ReactNode }) {
  const { queries } = useRouteContext({ from: '__root__' });
  const client = queries.current;
  // Only an error page can lack it: the guard failed before Query loaded (the chunk, offline).
  if (!client) return children;
  return (
    <QueryClientProvider client={client}>
      <ImpersonationBanner />
      {children}
    </QueryClientProvider>
  );
}
