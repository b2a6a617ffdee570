// The manager's top bar: one trail naming where a page is (the page itself has one title, its
// heading), and the command palette (⌘K / Ctrl+K) that goes to a page, a user or a book, or runs a
// common action, by keyboard alone.
import arCommon from '../src/locales/ar/common.json' with { type: 'json' };
import { expect, hydrated, openPalette, test } from './support/fixtures';

test.describe('the top bar', () => {
  test.beforeEach(async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test("a user's page names itself once as a title: the trail is in the top bar, not above the heading", async ({ adminPage: page }) => {
    const users = (await (await page.request.get('/api/rpc/users?searchTerm=user%40example.com')).json()) as {
      items: Array<{ id: string; name: string }>;
    };
    const user = users.items[0]!;
    await page.goto(`/manager/users/${user.id}`);
    await hydrated(page);
    const trail = page.getByRole('banner').getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('listitem')).toHaveText(['Users', user.name]);
    await expect(trail.locator('[aria-current="page"]')).toHaveText(user.name);
    // The page's own area holds its heading and no second trail.
    const main = page.getByRole('main');
    await expect(main.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(user.name);
    // Back to the list from the trail.
    await trail.getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeFocused();
    await expect(trail.getByRole('listitem')).toHaveText(['Users']);
  });

  test('the palette, by keyboard: a page, then a user found by the server, then a book, then an action', async ({ adminPage: page }) => {
    await page.goto('/manager/dashboard');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const palette = page.getByRole('dialog', { name: 'Go to a page, a user or a book' });
    await openPalette(page);
    await expect(palette).toBeVisible();
    const box = palette.getByRole('combobox');
    await expect(box).toBeFocused();
    // A page: filtered as typed, Enter opens the first.
    await page.keyboard.type('audit');
    await expect(palette.getByRole('option')).toHaveText(['Audit log']);
    await page.keyboard.press('Enter');
    await expect(palette).toHaveCount(0);
    await expect(page).toHaveURL(/\/manager\/audit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeFocused();

    // A user, from the users' list API.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('user@example.com');
    const users = palette.getByRole('group', { name: 'Users' });
    await expect(users.getByRole('option')).toHaveCount(1);
    await expect(users.getByRole('option')).toContainText('user@example.com');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/manager\/users\/[\w-]+$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();

    // A book, from the books' list API; the arrows move through the options, round at the end.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('moby');
    const books = palette.getByRole('group', { name: 'Books' });
    const moby = books.getByRole('option', { name: /Moby-Dick/ });
    await expect(moby).toHaveAttribute('aria-selected', 'true');
    const options = await palette.getByRole('option').count();
    for (let i = 0; i < options; i++) await page.keyboard.press('ArrowDown');
    await expect(moby).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Moby-Dick' })).toBeFocused();

    // An action: the dark theme.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('dark');
    await expect(palette.getByRole('option')).toHaveText(['Switch to the dark theme']);
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveClass(/dark/);
    // Escape closes it, and focus is back where it was.
    await page.getByRole('button', { name: 'Search or jump to…' }).click();
    await expect(palette).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Search or jump to…' })).toBeFocused();
  });

  test('in Arabic: translated, and laid out right to left', async ({ adminPage: page }) => {
    await page.goto('/manager/dashboard?lng=ar');
    await hydrated(page);
    await page.getByRole('button', { name: arCommon.palette.open }).click();
    const palette = page.getByRole('dialog', { name: arCommon.palette.title });
    await expect(palette).toBeVisible();
    await expect(palette.getByRole('combobox')).toHaveAttribute('placeholder', arCommon.palette.placeholder);
    await expect(palette.getByRole('group', { name: arCommon.palette.pages }).getByRole('option').first()).toHaveText(
      arCommon.nav.dashboard,
    );
    // The option's icon is at its start, on the right.
    const option = palette.getByRole('option').first();
    const icon = (await option.locator('svg').boundingBox())!;
    const text = (await option.boundingBox())!;
    expect(icon.x + icon.width).toBeGreaterThan(text.x + text.width - 40);
  });
});
