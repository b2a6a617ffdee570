/**
 * Toasts (docs/product.md, Constants): 4000 ms, at most 3 visible, top-center, Alt+T. Width 356 px,
 * gap 14 px, swipe-dismiss 45 px and removal delay 200 ms are sonner's own defaults.
 */
import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { useTheme } from '#/lib/theme';
import { toasterStore } from './toast';

export default function SonnerToaster() {
  const { resolvedTheme } = useTheme();
  // Runs after sonner's own effects (a child's run first): the Toaster listens by now.
  useEffect(() => toasterStore.ready(toast), []);
  return (
    <Sonner
      theme={resolvedTheme}
      position="top-center"
      duration={4000}
      visibleToasts={3}
      hotkey={['altKey', 'KeyT']}
      richColors
      closeButton
    />
  );
}
