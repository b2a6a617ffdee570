import type { ErrorComponentProps } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function DefaultNotFound() {
  const { t } = useTranslation();
  return <p className="p-4">{t('errors.routerNotFound')}</p>;
}

export function DefaultCatchBoundary({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <div role="alert" className="p-4">
      <p className="font-semibold">{t('errors.routerError')}</p>
      <button type="button" className="mt-2 text-sm underline" onClick={() => setShown((s) => !s)}>
        {shown ? t('errors.hideError') : t('errors.showError')}
      </button>
      {shown && (
        <pre className="mt-2 overflow-auto rounded border border-destructive/40 p-2 text-xs text-destructive">
          {error instanceof Error ? error.message : String(error)}
        </pre>
      )}
    </div>
  );
}
