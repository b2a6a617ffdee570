// Placed where they never cover a page's title: bottom-right from 640 px (mirrored right to left), top-center below.
import { CircleCheckIcon, InfoIcon, Loader2Icon, OctagonXIcon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner, toast } from 'sonner';
import { useIsDesktop } from '#/lib/use-media-query';
import { useTheme } from '#/lib/theme';
import { toasterStore } from './toast';

export default function SonnerToaster() {
  const { t } = useTranslation();
  const { resolvedTheme } = useTheme();
  const desktop = useIsDesktop();
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
  // Runs after sonner's own effects (a child's run first): the Toaster listens by now.
  useEffect(() => toasterStore.ready(toast), []);
  return (
    <Sonner
      theme={resolvedTheme}
      position={desktop ? (rtl ? 'bottom-left' : 'bottom-right') : 'top-center'}
      dir={rtl ? 'rtl' : 'ltr'}
      duration={4000}
      visibleToasts={3}
      hotkey={['altKey', 'KeyT']}
      closeButton
      containerAriaLabel={t('toasts.region')}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
      // Neutral, as the page's cards (the theme's popover colours): the icon alone carries the kind.
      icons={{
        success: <CircleCheckIcon className="size-4 text-success" />,
        info: <InfoIcon className="size-4 text-info" />,
        warning: <TriangleAlertIcon className="size-4 text-warning" />,
        error: <OctagonXIcon className="size-4 text-destructive" />,
        loading: <Loader2Icon className="size-4 animate-spin text-muted-foreground" />,
      }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
          // The close button on the toast's end corner, where a dialog's is (sonner puts it on the start corner).
          // `auto`, not `unset`: a custom property set to `unset` inherits, here html[dir]'s value from sonner.
          '--toast-close-button-start': rtl ? '0' : 'auto',
          '--toast-close-button-end': rtl ? 'auto' : '0',
          '--toast-close-button-transform': rtl ? 'translate(-35%, -35%)' : 'translate(35%, -35%)',
        } as CSSProperties
      }
    />
  );
}
