/**
 * One dialog component for the whole app: a centred dialog above 640 px, a bottom drawer below
 * (docs/product.md, Constants), in responsive-dialog-content.tsx. Its code (Radix Dialog, vaul,
 * about 20 KB gzip) loads the first time a dialog opens: a page that only might show one (a
 * confirmation, the demo-mode notice) does not pay for it on its first load. Closed dialogs render
 * nothing, on the server and in the browser alike, so hydration is unaffected.
 */
import { lazy, Suspense, useState } from 'react';
import type { ResponsiveDialogProps } from './responsive-dialog-content';

export type { ResponsiveDialogProps };

const Content = lazy(() => import('./responsive-dialog-content').then((m) => ({ default: m.ResponsiveDialogContent })));

export function ResponsiveDialog(props: ResponsiveDialogProps) {
  // Once opened, it stays mounted, so closing can animate and focus can return to the opener.
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Content {...props} />
    </Suspense>
  );
}
