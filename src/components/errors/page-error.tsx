import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import { ErrorLayout, type ErrorPageProps } from './error-layout';

const RETRY_DELAY_MS = 600;

/** Try Again: loading runs again after a short pause (the spec's 600 ms). */
export function useRetry(reset: () => void) {
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

export function PageError({ error, reset, home, signedInAs }: ErrorComponentProps & ErrorPageProps) {
  const { t } = useTranslation();
  const { retry, retrying } = useRetry(reset);
  return (
    <ErrorLayout code={t('errors.label')} title={t('errors.serverError')} home={home} signedInAs={signedInAs}>
      <p className="text-muted-foreground">{error instanceof Error ? error.message : String(error)}</p>
      <Button variant="link" disabled={retrying} onClick={retry}>
        {t('actions.tryAgain')}
      </Button>
    </ErrorLayout>
  );
}
