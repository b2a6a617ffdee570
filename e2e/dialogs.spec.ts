// A dialog taller than the window still ends on its buttons: it scrolls inside the viewport, and its
// title and every button can be reached with the mouse (an administrator's API key dialog lists every
// permission, and at 1280 × 800 its Create button sat below the window with nothing to scroll).
import { expect, hydrated, test } from './support/fixtures';

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1280, height: 500 },
  { width: 375, height: 640 },
]) {
  test(`an administrator's "Create an API key" dialog fits a ${viewport.width} × ${viewport.height} window and can be finished`, async ({
    adminPage: page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/manager/account');
    await hydrated(page);
    await page.getByRole('region', { name: 'API keys' }).getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await expect(dialog).toBeVisible();
    // Let an opening animation settle before measuring.
    await page.waitForTimeout(600);
    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 1);
    await expect(dialog.getByRole('heading', { name: 'Create an API key' })).toBeInViewport();

    // The mouse reaches the last button: scrolled into view inside the dialog, then clicked.
    const create = dialog.getByRole('button', { name: 'Create key' });
    await create.scrollIntoViewIfNeeded();
    await expect(create).toBeInViewport({ ratio: 1 });
    await create.click();
    await expect(dialog.getByText('Name the key')).toBeVisible();
    // The permissions are the app's own boxes, not the browser's.
    await expect(dialog.getByRole('checkbox').first()).toHaveAttribute('data-slot', 'checkbox');
    // (Radix keeps a hidden native input for the form's sake, out of the accessibility tree.)
    await expect(dialog.locator('input[type="checkbox"]:not([aria-hidden="true"])')).toHaveCount(0);
  });
}
