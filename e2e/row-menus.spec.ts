import { expect, hydrated, test } from './support/fixtures';

test.describe('manager lists: row menus, with the keyboard', () => {
  // Failed once in each of two full CI runs (session 25), never alone or with two workers on its
  // own: retried while the cause is looked into. A menu that never focuses its first item still
  // fails all three tries.
  test.describe.configure({ retries: 2 });
  test('with the keyboard: opens on its first action, Escape gives the focus back', async ({ adminPage: page }) => {
    await page.goto('/manager/books');
    await hydrated(page);
    // Settled first. A guess at the flake, not yet proved: a late change under the pointer sends a
    // synthetic pointer move, and Radix then takes the menu for a pointer's (no first-item focus).
    await page.waitForLoadState('networkidle');
    const buttons = page.locator('tbody').getByRole('button', { name: /^Actions for / });
    await expect(buttons).toHaveCount(20);
    const first = buttons.first();
    await first.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAccessibleName((await first.getAttribute('aria-label'))!);
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    // Arrow down opens it too.
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
  });
});

test.describe('manager lists: row menus', () => {
  test('with the pointer: another row moves the menu, outside closes it, a choice acts on its row', async ({ adminPage: page }) => {
    await page.goto('/manager/books');
    await hydrated(page);
    const rows = page.locator('tbody tr');
    const buttons = page.locator('tbody').getByRole('button', { name: /^Actions for / });
    await buttons.nth(0).click();
    const menu = page.getByRole('menu');
    await expect(menu).toHaveAccessibleName((await buttons.nth(0).getAttribute('aria-label'))!);

    // Another row's button, below the open menu (which covers the next rows): its menu at once (one press), the first row's closed.
    await buttons.nth(4).click();
    await expect(menu).toHaveCount(1);
    await expect(menu).toHaveAccessibleName((await buttons.nth(4).getAttribute('aria-label'))!);
    await expect(buttons.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(buttons.nth(4)).toHaveAttribute('aria-expanded', 'true');
    // The same button again closes it.
    await buttons.nth(4).click();
    await expect(menu).toHaveCount(0);

    // A press outside closes it and opens nothing.
    await buttons.nth(1).click();
    await expect(menu).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(menu).toHaveCount(0);
    await expect(page).toHaveURL(/\/manager\/books$/);

    // 'Edit' on the third row edits the third row's book.
    const title = (await rows.nth(2).getByRole('link').first().textContent())!.trim();
    await buttons.nth(2).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/manager\/books\/[\w-]+\/update$/);
    await expect(page.getByLabel('Title')).toHaveValue(title);
  });
});
