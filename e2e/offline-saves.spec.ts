// A save made offline says so at once and is never applied later behind the person's back: TanStack
// Query would hold the write while offline (its button spinning) and send it when the connection returned.
import { expect, hydrated, test } from './support/fixtures';

// example:start
test('saving a new book offline says the person is offline, and nothing is saved once back online', async ({ adminPage: page }) => {
  const title = `Offline book ${Date.now()}`;
  await page.goto('/manager/books/new');
  await hydrated(page);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Author', { exact: true }).fill('Nobody');
  await page.context().setOffline(true);
  const create = page.getByRole('button', { name: 'Create' });
  await create.click();
  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toContainText('The book was not saved.');
  await expect(toast).toContainText('You are offline');
  await expect(create).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);

  await page.context().setOffline(false);
  // Time for a held write to go out once online.
  await page.waitForTimeout(2_000);
  const found = await page.request.get(`/api/rpc/books?searchTerm=${encodeURIComponent(title)}`);
  expect(((await found.json()) as { items: unknown[] }).items).toHaveLength(0);
  await expect(page).toHaveURL(/\/manager\/books\/new$/);
});
// example:end

test('in Arabic too', async ({ adminPage: page }) => {
  await page.goto('/manager/users/new?lng=ar');
  await hydrated(page);
  await page.locator('input[name="name"]').fill('Offline');
  await page.locator('input[name="email"]').fill(`offline.${Date.now()}@example.com`);
  await page.context().setOffline(true);
  await page.locator('button[type="submit"]').click();
  await expect(page.locator('[data-sonner-toast]')).toContainText('أنت غير متصل');
  await page.context().setOffline(false);
});
