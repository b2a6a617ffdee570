// The dialog's code (Radix Dialog, vaul) loads the first time one opens: a page that only might show
// one does not pay for it on first load. Closed dialogs render nothing, so hydration is unaffected.
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
