// After an in-app navigation to another page, focus moves to the new page's main heading, as a full
// page load would put a screen reader at the top of the new page: without it, focus stays on the link
// that was clicked (or on <body> once that link is gone), and nothing says the page changed. The
// heading is read out when it takes focus. A change of search only (a filter, a sort) keeps focus.
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/** Focus on the page's own heading, else its main region (a page without one, still loading). */
export function focusMainHeading() {
  const target =
    document.querySelector<HTMLElement>('#main h1') ?? document.querySelector<HTMLElement>('h1') ?? document.getElementById('main');
  if (!target) return;
  // Focusable by script only: a heading is not a stop for Tab.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

export function RouteFocus() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onRendered', (event) => {
        // The first render (hydration) is a full page load: the browser starts at the top already.
        if (!event.fromLocation || !event.pathChanged) return;
        // A dialog still open returns focus itself; one that navigates (the command palette) focuses the heading once there.
        if (document.querySelector('[role="dialog"][data-state="open"]')) return;
        focusMainHeading();
      }),
    [router],
  );
  return null;
}
