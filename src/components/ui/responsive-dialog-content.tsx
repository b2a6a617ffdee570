import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer } from 'vaul';
import { cn } from '#/lib/utils';
import { useIsDesktop } from '#/lib/use-media-query';

export interface ResponsiveDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
}

export function ResponsiveDialogContent({ open, onOpenChange, title, description, children, footer, className }: ResponsiveDialogProps) {
  const desktop = useIsDesktop();
  const { t } = useTranslation();
  // Radix returns focus to a `Dialog.Trigger` only; ours open from state, so focus goes back to
  // whatever had it when the dialog opened (a menu's button once the menu has closed).
  const opener = useRef<HTMLElement | null>(null);
  const onOpenAutoFocus = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const onCloseAutoFocus = (event: Event) => {
    const target = opener.current;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  };
  if (desktop) {
    return (
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 dark:bg-black/70" />
          <Dialog.Content
            data-testid="dialog"
            onOpenAutoFocus={onOpenAutoFocus}
            onCloseAutoFocus={onCloseAutoFocus}
            className={cn(
              // Bound by the window and scrolled inside it: a long form (an administrator's API key lists
              // every permission) still ends on buttons the mouse can reach.
              'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto overscroll-contain rounded-lg border bg-background p-6 shadow-lg dark:bg-popover',
              className,
            )}
          >
            <div className="flex flex-col gap-1.5 text-start">
              <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="text-sm text-muted-foreground">{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              )}
            </div>
            {children}
            {footer && <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>}
            <Dialog.Close
              className="absolute end-4 top-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              aria-label={t('actions.close')}
            >
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    );
  }
  return (
    <Drawer.Root open={open} onOpenChange={onOpenChange}>
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-50 bg-black/50 dark:bg-black/70" />
        <Drawer.Content
          data-testid="drawer"
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 mt-24 flex max-h-[90dvh] flex-col gap-4 rounded-t-xl border bg-background p-4 pb-8 dark:bg-popover',
            className,
          )}
        >
          <div className="mx-auto h-1.5 w-12 shrink-0 rounded-full bg-muted-foreground/30" aria-hidden />
          <div className="flex flex-col gap-1.5 text-start">
            <Drawer.Title className="text-lg font-semibold">{title}</Drawer.Title>
            {description ? (
              <Drawer.Description className="text-sm text-muted-foreground">{description}</Drawer.Description>
            ) : (
              <Drawer.Description className="sr-only">{title}</Drawer.Description>
            )}
          </div>
          {/* The sheet keeps its handle and title; what is below them scrolls inside its 90 % of the window. */}
          <div className="-mx-4 flex min-h-0 flex-col gap-4 overflow-y-auto overscroll-contain px-4">
            {children}
            {footer && <div className="flex flex-col-reverse gap-2">{footer}</div>}
          </div>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
