// After a dialog closes, focus is back on what opened it: a keyboard user goes on from there, and the
// page does not jump to the top.
import type { Locator } from '@playwright/test';
import { expect, hydrated, test } from './support/fixtures';

const focused = (locator: Locator) => expect(locator).toBeFocused();

test.describe('focus after a dialog', () => {
  test.beforeEach(async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test("returns to the button that opened it: a book's Delete, a user's Ban, Change name", async ({ adminPage: page, app }) => {
    const created = await page.request.post('/api/rpc/users', {
      data: { name: 'Fay Focus', email: `fay.focus.${Date.now()}@example.org`, role: 'user' },
      headers: { Origin: app.url },
    });
    expect(created.status()).toBe(201);
    const userId = ((await created.json()) as { id: string }).id;
    const books = (await (await page.request.get('/api/rpc/books?limit=1')).json()) as { items: Array<{ id: string; title: string }> };

    const cases: Array<[string, string, RegExp]> = [
      // The dialogs name what they act on.
      [
        `/manager/books/${books.items[0]!.id}`,
        'Delete',
        new RegExp(`^Delete .${books.items[0]!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.\\?$`),
      ],
      [`/manager/users/${userId}`, 'Ban', /^Ban .Fay Focus.\?$/],
      ['/manager/account', 'Change name', /Change name/],
    ];
    for (const [url, button, title] of cases) {
      await page.goto(url);
      await hydrated(page);
      const opener = page.getByRole('button', { name: button, exact: true });
      await opener.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: title })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await focused(opener);
    }
  });

  test("returns to the audit event's row, and to the menu's button after a dialog opened from a menu", async ({ adminPage: page }) => {
    await page.goto('/manager/audit');
    await hydrated(page);
    const row = page.getByRole('table').getByRole('button').first();
    await row.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await focused(row);

    await page.goto('/manager/dashboard');
    await hydrated(page);
    const menu = page.getByRole('button', { name: 'User menu' });
    await menu.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await focused(menu);
  });
});

test.describe('focus after a navigation', () => {
  test("moves to the new page's heading; a filter keeps it where it is", async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/manager/dashboard');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // By keyboard: the link, Enter, then the reader is at the new page's title.
    await nav.getByRole('link', { name: 'Users' }).focus();
    await page.keyboard.press('Enter');
    await focused(page.getByRole('heading', { level: 1, name: 'Users' }));
    // By mouse, from a row to its page.
    await nav.getByRole('link', { name: 'Books' }).click();
    await focused(page.getByRole('heading', { level: 1, name: 'Books' }));
    // Typing a search changes the URL's search only: focus stays in the box.
    const box = page.getByRole('searchbox').first();
    await box.fill('a');
    await expect(page).toHaveURL(/searchTerm=a/);
    await focused(box);
  });
});
