import { Link, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '#/components/ui/button';

/** Shared frame of the error pages: a code or label, a message, Back and Home. */
export function ErrorLayout({ code, title, children }: { code: string; title: string; children?: ReactNode }) {
  const router = useRouter();
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-sm font-semibold tracking-widest text-neutral-600 dark:text-neutral-400">{code}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
      <div className="flex gap-3">
        <Button variant="secondary" onClick={() => router.history.back()}>
          {t('actions.back')}
        </Button>
        <Link to="/" className={buttonVariants()}>
          {t('actions.home')}
        </Link>
      </div>
    </div>
  );
}
