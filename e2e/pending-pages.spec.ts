// While a page's data is late, because its request failed and is being tried again (1 + 2 + 4 s), the
// page being left does not stay on screen under the new page's name: the new page shows its pending
// state after the first failed try, then its error when the tries are spent.
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './support/fixtures';

/** Every call of the procedure `path` (or those under it) fails as an unavailable server would; returns how many were made. */
async function failing(page: Page, path: string) {
  const calls = { count: 0 };
  await page.route(new RegExp(`/api/rpc/_rpc/${path}(?:[/?]|$)`), (route) => {
    calls.count++;
    return route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' });
  });
  return calls;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('a list whose request fails is shown pending while it is tried again, not the page left behind', async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/manager/dashboard');
  await hydrated(page);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  // The list only: the genre counts beside it (books.facets) answer.
  const calls = await failing(page, 'books/list');
  await mainNavigation(page).getByRole('link', { name: 'Books' }).click();
  await expect(heading(page, 'Books')).toBeVisible();
  // Before the tries are spent: the old page waited for all four (0, 1, 3 and 7 s). On a loaded machine the
  // page's code can take past the second retry to arrive, so the bound is the fourth try, not the third.
  expect(calls.count).toBeLessThan(4);
  await expect(heading(page, 'Dashboard')).toHaveCount(0);
  await expect(page.getByRole('row')).toHaveCount(1);
  await expect.poll(() => calls.count, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
});

test('the dashboard shows the page skeleton while its request is tried again', async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/manager/books');
  await hydrated(page);
  await expect(heading(page, 'Books')).toBeVisible();
  const calls = await failing(page, 'dashboard');
  await mainNavigation(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('page-skeleton')).toBeVisible();
  expect(calls.count).toBeLessThan(4);
  await expect(heading(page, 'Books')).toHaveCount(0);
  // The section's navigation stays: only the page waits.
  await expect(mainNavigation(page)).toBeVisible();
  // Once the tries are spent, the page's error, with its way to try again.
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible({ timeout: 15_000 });
});
