// Importing this module adds the sections' English strings, left out of the entry (src/lib/i18n/entry-strings.ts).
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
