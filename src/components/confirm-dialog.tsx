import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  /** Also until the user has confirmed enough (e.g. typed their e-mail). */
  confirmDisabled?: boolean;
  pending?: boolean;
  cancelLabel?: ReactNode;
  children?: ReactNode;
}

export function ConfirmDialog({ confirmLabel, onConfirm, confirmDisabled, pending, cancelLabel, ...dialog }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <ResponsiveDialog
      {...dialog}
      footer={
        <>
          <Button variant="secondary" onClick={() => dialog.onOpenChange(false)}>
            {cancelLabel ?? t('actions.cancel')}
          </Button>
          <Button variant="destructive" disabled={confirmDisabled || pending} aria-busy={pending || undefined} onClick={onConfirm}>
            {pending ? t('actions.working') : confirmLabel}
          </Button>
        </>
      }
    />
  );
}
