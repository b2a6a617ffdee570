import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import { ErrorLayout, type ErrorPageProps } from './error-layout';

const RETRY_DELAY_MS = 600;

export function PageError({ error, reset, home, signedInAs }: ErrorComponentProps & ErrorPageProps) {
  const router = useRouter();
  const { t } = useTranslation();
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    setTimeout(() => {
      reset();
      void router.invalidate().finally(() => setRetrying(false));
    }, RETRY_DELAY_MS);
  };
  return (
    <ErrorLayout code={t('errors.label')} title={t('errors.serverError')} home={home} signedInAs={signedInAs}>
      <p className="text-muted-foreground">{error instanceof Error ? error.message : String(error)}</p>
      <Button variant="link" disabled={retrying} onClick={retry}>
        {t('actions.tryAgain')}
      </Button>
    </ErrorLayout>
  );
}
