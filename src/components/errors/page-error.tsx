import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '#/components/ui/button';
import { cn } from '#/lib/utils';
import { SignedInAs, type ErrorPageProps } from './error-layout';

const RETRY_DELAY_MS = 600;

/** Try Again: loading runs again after a short pause (the spec's 600 ms). */
function useRetry(reset: () => void) {
  const router = useRouter();
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    setTimeout(() => {
      reset();
      void router.invalidate().finally(() => setRetrying(false));
    }, RETRY_DELAY_MS);
  };
  return { retry, retrying };
}

const quiet = cn(buttonVariants({ variant: 'link', size: 'sm' }), 'text-muted-foreground hover:text-foreground');

/**
 * The one error view, for a section or the root (the spec's generic page) and for the router's default
 * ('Something went wrong!'): one title, one reason, one primary action (Try Again), quiet links Back and
 * Home, and the error's own words behind Show Error.
 */
export function ErrorView({ error, reset, home = '/', signedInAs, title }: ErrorComponentProps & ErrorPageProps & { title: string }) {
  const { t } = useTranslation();
  const router = useRouter();
  const { retry, retrying } = useRetry(reset);
  const [shown, setShown] = useState(false);
  const details = useId();
  return (
    <div role="alert" className="mx-auto flex min-h-[60dvh] w-full max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="rounded-full bg-brand/10 px-3 py-1 text-sm font-semibold tracking-widest text-brand-text dark:bg-brand/25">
        {t('errors.label')}
      </p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{t('errors.reason')}</p>
      {signedInAs && (
        <p className="text-sm text-muted-foreground">
          <SignedInAs email={signedInAs} />
        </p>
      )}
      <Button disabled={retrying} onClick={retry}>
        {t('actions.tryAgain')}
      </Button>
      <div className="flex flex-wrap items-center justify-center gap-x-1">
        <button type="button" className={quiet} onClick={() => router.history.back()}>
          {t('actions.back')}
        </button>
        <Link to={home} className={quiet}>
          {t('actions.home')}
        </Link>
        <button type="button" className={quiet} aria-expanded={shown} aria-controls={details} onClick={() => setShown((s) => !s)}>
          {shown ? t('errors.hideError') : t('errors.showError')}
        </button>
      </div>
      <div id={details} className="w-full">
        {shown && (
          <pre className="max-w-full overflow-auto rounded-md border bg-muted/50 p-3 text-start text-xs whitespace-pre-wrap text-muted-foreground">
            {error instanceof Error ? error.message : String(error)}
          </pre>
        )}
      </div>
    </div>
  );
}

export function PageError(props: ErrorComponentProps & ErrorPageProps) {
  const { t } = useTranslation();
  return <ErrorView {...props} title={t('errors.serverError')} />;
}
