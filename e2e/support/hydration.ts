// The browser in another time zone than the server's UTC: a mismatch throws the server's HTML away,
// losing what a person typed before it.
import type { Page } from '@playwright/test';

export const FAR_TIME_ZONE = 'Pacific/Kiritimati';

/** Cleared by the caller. */
export function hydrationErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /hydrat|#418|#423|#425|did not match/i.test(msg.text())) errors.push(msg.text());
  });
  return errors;
}
