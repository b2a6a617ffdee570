import type { ReactNode } from 'react';
import { Logo } from '#/components/logo-mark';
import { PreferenceSwitches } from '#/components/preference-switches';
import { BrandPanel } from './brand-panel';

/**
 * The sign-in pages: the form, with the language and theme at the top; from `lg`, a brand panel beside it.
 * No fixed height: one sized for one language left a tall empty area in another (Arabic's larger type).
 */
export function AuthLayout({
  title,
  description,
  notice,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Above the form: why the person is here (an invitation). */
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid min-h-dvh grid-cols-1 lg:grid-cols-2">
      <div className="flex flex-col bg-muted/50 lg:bg-background">
        {/* The app's top bar's height and padding, so the switches sit where its controls do (h-14, px-4, 36 px). */}
        <header data-testid="auth-top-bar" className="flex min-h-14 items-center justify-center px-4 py-2 sm:h-14 sm:justify-end sm:py-0">
          <PreferenceSwitches />
        </header>
        <main id="main" className="flex flex-1 flex-col items-center justify-center gap-6 px-4 pt-2 pb-12">
          <Logo className="text-lg lg:hidden" />
          {notice}
          <div className="flex w-full max-w-sm flex-col gap-6 rounded-xl border bg-card p-6 shadow-sm sm:p-8 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none">
            <div className="flex flex-col gap-2 text-center">
              <h1 className="text-2xl font-bold">{title}</h1>
              {description && <p className="text-sm text-muted-foreground">{description}</p>}
            </div>
            {children}
          </div>
        </main>
      </div>
      <BrandPanel />
    </div>
  );
}
