import { Link, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** Shared frame of the error pages: a code or label, a message, Back and Home. */
export function ErrorLayout({ code, title, children }: { code: string; title: string; children?: ReactNode }) {
  const router = useRouter();
  return (
    <main className="mx-auto flex min-h-[70dvh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-sm font-semibold tracking-widest text-neutral-500">{code}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
      <div className="flex gap-3">
        <button
          type="button"
          className="rounded-md border border-neutral-300 px-4 py-2 text-sm dark:border-neutral-700"
          onClick={() => router.history.back()}
        >
          Back
        </button>
        <Link to="/" className="rounded-md bg-neutral-900 px-4 py-2 text-sm text-white dark:bg-white dark:text-neutral-900">
          Home
        </Link>
      </div>
    </main>
  );
}
