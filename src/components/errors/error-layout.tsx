import { Link, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '#/components/ui/button';

export interface ErrorPageProps {
  /** `/` outside a section finds the visitor's home. */
  home?: string;
  signedInAs?: string;
}

export function ErrorLayout({
  code,
  title,
  children,
  home = '/',
  signedInAs,
  illustration,
}: ErrorPageProps & { code: string; title: string; children?: ReactNode; illustration?: ReactNode }) {
  const router = useRouter();
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      {illustration}
      <p className="rounded-full bg-brand/10 px-3 py-1 text-sm font-semibold tracking-widest text-brand-text dark:bg-brand/25">{code}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
      {signedInAs && (
        <p className="text-sm text-muted-foreground">
          <SignedInAs email={signedInAs} />
        </p>
      )}
      <div className="flex gap-3">
        <Button variant="secondary" onClick={() => router.history.back()}>
          {t('actions.back')}
        </Button>
        <Link to={home} className={buttonVariants()}>
          {t('actions.home')}
        </Link>
      </div>
    </div>
  );
}

/** The address isolated: it reads left to right inside an Arabic sentence. */
export function SignedInAs({ email }: { email: string }) {
  const { t } = useTranslation();
  const MARK = '\u0000';
  const [before, after = ''] = t('errors.signedInAs', { email: MARK }).split(MARK);
  return (
    <>
      {before}
      <bdi>{email}</bdi>
      {after}
    </>
  );
}
