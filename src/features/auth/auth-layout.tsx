import type { ReactNode } from 'react';
import { APP_NAME } from '#/lib/utils';

/** The frame of the sign-in pages: a centred, narrow column. */
export function AuthLayout({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto flex min-h-[85dvh] w-full max-w-sm flex-col justify-center gap-6 p-6">
      <p className="font-bold text-brand dark:text-brand-light">{APP_NAME}</p>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">{title}</h1>
        {description && <p className="text-sm text-neutral-700 dark:text-neutral-300">{description}</p>}
      </div>
      {children}
    </main>
  );
}
