/**
 * Toasts (docs/product.md, Constants): 4000 ms, at most 3 visible, Alt+T. Width 356 px, gap 14 px,
 * swipe-dismiss 45 px and removal delay 200 ms are sonner's own defaults. Placed where they never
 * cover a page's title (decision 040): bottom-right from 640 px (bottom-left in a right-to-left
 * page), top-center below.
 */
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
