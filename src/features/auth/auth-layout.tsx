import type { ReactNode } from 'react';
import { Logo } from '#/components/logo-mark';
import { PreferenceSwitches } from '#/components/preference-switches';

/** No fixed height: one sized for one language left a tall empty area in another (Arabic's larger type). */
export function AuthLayout({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-dvh w-full flex-col items-center justify-center gap-6 bg-muted/50 px-4 py-10">
      <Logo className="text-lg" />
      <div className="flex w-full max-w-sm flex-col gap-6 rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="flex flex-col gap-2 text-center">
          <h1 className="text-2xl font-bold">{title}</h1>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {children}
      </div>
      <PreferenceSwitches />
    </main>
  );
}
