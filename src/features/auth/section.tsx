import { createContext, type ReactNode } from 'react';
import { ImpersonationBanner } from './impersonation-banner';

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
