// Only after 300 ms pending, so quick navigations do not flicker.
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const PROGRESS_DELAY_MS = 300;

export function NavigationProgress() {
  const { t } = useTranslation();
  const pending = useRouterState({ select: (state) => state.status === 'pending' });
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [pending]);
  if (!pending || !shown) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('app.loading')}
      data-testid="navigation-progress"
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] h-0.5 overflow-hidden bg-brand/20"
    >
      <div className="navigation-progress-bar h-full w-1/3 bg-brand" />
    </div>
  );
}
