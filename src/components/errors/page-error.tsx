import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useState } from 'react';
import { ErrorLayout } from './error-layout';

const RETRY_DELAY_MS = 600;

/** The generic boundary page: ERROR, the message, Try Again (re-runs route loading), Back, Home. */
export function PageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    setTimeout(() => {
      reset();
      void router.invalidate().finally(() => setRetrying(false));
    }, RETRY_DELAY_MS);
  };
  return (
    <ErrorLayout code="ERROR" title="Something went wrong">
      <p className="text-neutral-600 dark:text-neutral-400">{error instanceof Error ? error.message : String(error)}</p>
      <button type="button" disabled={retrying} onClick={retry} className="text-sm underline">
        Try Again
      </button>
    </ErrorLayout>
  );
}
