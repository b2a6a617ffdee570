import type { ErrorComponentProps } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import { ErrorLayout } from './error-layout';
import { useRetry } from './page-error';

export function DefaultNotFound() {
  const { t } = useTranslation();
  return <p className="p-4">{t('errors.routerNotFound')}</p>;
}

/** A page whose loading failed: the spec's default view ('Something went wrong!', Show Error) with Try Again, Back and Home. */
export function DefaultCatchBoundary({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const { retry, retrying } = useRetry(reset);
  return (
    <div role="alert" className="w-full">
      <ErrorLayout code={t('errors.label')} title={t('errors.routerError')}>
        <div className="flex flex-wrap justify-center gap-2">
          <Button disabled={retrying} onClick={retry}>
            {t('actions.tryAgain')}
          </Button>
          <Button variant="ghost" aria-expanded={shown} onClick={() => setShown((s) => !s)}>
            {shown ? t('errors.hideError') : t('errors.showError')}
          </Button>
        </div>
        {shown && (
          <pre className="max-w-full overflow-auto rounded-md border border-destructive/40 p-2 text-start text-xs whitespace-pre-wrap text-destructive">
            {error instanceof Error ? error.message : String(error)}
          </pre>
        )}
      </ErrorLayout>
    </div>
  );
}
