// Placed where they never cover a page's title: bottom-right from 640 px (mirrored right to left), top-center below.
import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { useIsDesktop } from '#/lib/use-media-query';
import { useTheme } from '#/lib/theme';
import { toasterStore } from './toast';

export default function SonnerToaster() {
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
      richColors
      closeButton
    />
  );
}
