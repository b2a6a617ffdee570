/**
 * Around a signed-in section (its layout, or its error page): the query cache its pages read and
 * the impersonation banner. Query is loaded by then: the section's guard loads it (decision 026).
 * Loading this module adds the sections' English strings to the browser's i18n (left out of the
 * entry: src/lib/i18n/entry-strings.ts), before a section renders.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { addEnglishStrings } from '#/lib/i18n/browser';
import { SECTION_STRINGS } from '#/lib/i18n/section-strings';
import { ImpersonationBanner } from './impersonation-banner';

addEnglishStrings(SECTION_STRINGS);

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
