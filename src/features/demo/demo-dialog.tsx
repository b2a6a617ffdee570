import { getRouteApi } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { closeDemoModeDialog, demoModeDialogStore } from '#/lib/demo-mode-events';
import { isolatedSentence } from '#/components/isolated-sentence';

const root = getRouteApi('__root__');

export function DemoModeDialog() {
  const { t } = useTranslation();
  const config = root.useLoaderData();
  const isOpen = useSyncExternalStore(demoModeDialogStore.subscribe, demoModeDialogStore.isOpen, () => false);
  const close = closeDemoModeDialog;
  return (
    <ResponsiveDialog open={isOpen} onOpenChange={(o) => !o && close()} title={t('demo.title')} description={t('demo.description')}>
      <div className="flex flex-col gap-3 text-sm">
        <p>{t('demo.tryLocally')}</p>
        <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">{'npm install && npm start\nnpm test'}</pre>
        <a className="underline" href={config.docsUrl} rel="noreferrer" target="_blank">
          {t('demo.docs')}
        </a>
        <p>{isolatedSentence((word) => t('demo.contact', { email: word(config.demoContactEmail) }))}</p>
      </div>
    </ResponsiveDialog>
  );
}
