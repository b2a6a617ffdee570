// Text people write breaks only where it would overflow: an e-mail or an address in a column wide
// enough for it stays on one line ("newcomer@example.c|om" was a bug), a word without spaces still wraps.
import type { Locator } from '@playwright/test';
import { expect, hydrated, test } from './support/fixtures';

/** How many lines the element's text takes. */
const lines = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
  });

test("e-mails in the users table and a session's address stay whole on a pressed table", async ({ adminPage: page }) => {
  // Narrow enough that the table is pressed: its columns shrink to what their text allows.
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto('/manager/users');
  await hydrated(page);
  const emails = page.getByRole('table').locator('tbody tr td:nth-child(2)');
  await expect(emails.first()).toContainText('@');
  for (const cell of await emails.all()) expect(await lines(cell), (await cell.textContent()) ?? '').toBe(1);

  await page.goto('/manager/account');
  const address = page.getByRole('table').first().locator('tbody tr').first().getByRole('cell').nth(1);
  await expect(address).toHaveText(/^[\d.:a-f]+$/);
  expect(await lines(address)).toBe(1);
});
