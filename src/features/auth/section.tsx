// Importing this module adds the sections' English strings, left out of the entry (src/lib/i18n/entry-strings.ts).
import { createContext, type ReactNode } from 'react';
import { addEnglishStrings } from '#/lib/i18n/browser';
import { SECTION_STRINGS } from '#/lib/i18n/section-strings';
import { ImpersonationBanner } from './impersonation-banner';

addEnglishStrings(SECTION_STRINGS);

/** True under a section's layout: its error and not-found views are then drawn inside it. */
export const InSection = createContext(false);

export function Section({ children }: { children: ReactNode }) {
  return (
    <InSection value={true}>
      <ImpersonationBanner />
      {children}
    </InSection>
  );
}
