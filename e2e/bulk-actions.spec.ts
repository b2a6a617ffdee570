// The manager's tables: rows selected with their checkboxes, then one action on all of them (#54).
import { expect, hydrated, test } from './support/fixtures';

test.describe('manager: bulk actions on selected rows', () => {
  test('an admin selects two users, bans them after one confirmation, and sees their Banned badges', async ({ adminPage: page }) => {
    const stamp = Date.now().toString(36);
    for (const who of ['one', 'two'])
      expect(
        (
          await page.request.post('/api/rpc/users', { data: { name: `Bulk ${who} ${stamp}`, email: `bulk.${who}.${stamp}@example.org` } })
        ).status(),
      ).toBe(201);
    await page.goto(`/manager/users?searchTerm=${stamp}`);
    await hydrated(page);
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('bulk-actions')).toHaveCount(0);
    await page.getByRole('checkbox', { name: `Select Bulk one ${stamp}` }).check();
    await expect(page.getByTestId('bulk-actions')).toContainText('1 selected');
    // The header's box selects every loaded row.
    await page.getByRole('checkbox', { name: 'Select all loaded rows' }).check();
    await expect(page.getByTestId('bulk-actions')).toContainText('2 selected');
    // A click on a box selects; it does not open the row.
    await expect(page).toHaveURL(/\/manager\/users\?/);

    await page.getByTestId('bulk-actions').getByRole('button', { name: 'Ban', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText('Ban 2 users?');
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await expect(page.getByText('2 users banned')).toBeVisible();
    await expect(rows.filter({ hasText: 'Banned' })).toHaveCount(2);
    await expect(page.getByTestId('bulk-actions')).toHaveCount(0);
    // The spec's count is unchanged by the selection column.
    await expect(page.getByTestId('showing')).toHaveText('Showing 2 of 2');
  });

  // example:start
  test('an admin deletes two selected books after one confirmation', async ({ adminPage: page }) => {
    const stamp = Date.now().toString(36);
    for (const title of [`Bulk book A ${stamp}`, `Bulk book B ${stamp}`])
      expect((await page.request.post('/api/rpc/books', { data: { title, author: 'Bulk Author' } })).status()).toBe(201);
    await page.goto(`/manager/books?searchTerm=${stamp}`);
    await hydrated(page);
    await expect(page.locator('tbody tr')).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Select all loaded rows' }).check();
    await page.getByTestId('bulk-actions').getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText('Delete 2 books?');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('2 books deleted')).toBeVisible();
    await expect(page.getByTestId('search-results')).toHaveText(`0 results for "${stamp}"`);
  });
  // example:end
});
