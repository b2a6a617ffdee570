import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';

/** `unsaved` is read when a navigation starts: pass a function that sees the latest state. */
export function UnsavedChangesGuard({ unsaved }: { unsaved: () => boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker({ shouldBlockFn: unsaved, enableBeforeUnload: unsaved, withResolver: true });
  return (
    <ResponsiveDialog
      open={blocker.status === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title={t('unsaved.title')}
      description={t('unsaved.description')}
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.reset?.()}>
            {t('unsaved.stay')}
          </Button>
          <Button variant="destructive" onClick={() => blocker.proceed?.()}>
            {t('unsaved.leave')}
          </Button>
        </>
      }
    />
  );
}
