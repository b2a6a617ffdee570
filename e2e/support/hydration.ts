/**
 * Hydration mismatches, seen as a reader whose clock is not the server's sees them: the server
 * renders in UTC here (CI's machine), the browser is in another time zone (decision 056). A
 * mismatch makes React throw the server's HTML away and render the page again in the browser:
 * what a person typed before that is lost, and the page flashes.
 */
import type { Page } from '@playwright/test';

/** One zone far from UTC is enough to see a mismatch (before decision 056, 5 of 13 pages). */
export const FAR_TIME_ZONE = 'Pacific/Kiritimati';

/** What React reports when hydration fails: a page error, or a console error naming hydration. Cleared by the caller. */
export function hydrationErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /hydrat|#418|#423|#425|did not match/i.test(msg.text())) errors.push(msg.text());
  });
  return errors;
}
