// What people typed keeps its own order in an Arabic page ('Ward, Lock & Co.' must not read '.Ward, Lock & Co').
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';

const direction = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).direction);

test.describe('bidi isolation in Arabic', () => {
  // example:start
  test('a book’s title, author and publisher keep their own direction', async ({ adminPage: page }) => {
    const created = await page.request.post('/api/rpc/books', {
      data: { title: `The Left Hand of Darkness ${Date.now()}`, author: 'Ward, Lock & Co.', publisher: 'Ace Books.' },
    });
    expect(created.status()).toBe(201);
    const book = (await created.json()) as { id: string; title: string };

    await page.goto(`/manager/books/${book.id}?lng=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const title = page.getByRole('heading', { level: 1, name: book.title });
    await expect(title).toBeVisible();
    // Isolated: the text is laid out left to right inside the right-to-left page.
    expect(await direction(title)).toBe('ltr');
    expect(await direction(page.getByText('Ward, Lock & Co.', { exact: true }))).toBe('ltr');
    expect(await direction(page.getByText('Ace Books.', { exact: true }))).toBe('ltr');

    await page.goto(`/manager/books?lng=ar&searchTerm=${encodeURIComponent(book.title)}`);
    expect(await direction(page.locator('bdi', { hasText: 'Ward, Lock & Co.' }))).toBe('ltr');
  });
  // example:end

  test('the code boxes run left to right', async ({ page }) => {
    await page.goto('/login/verify?email=user%40example.com&lng=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const boxes = page
      .locator('[dir="ltr"]')
      .filter({ has: page.locator('input[autocomplete="one-time-code"]') })
      .first();
    expect(await direction(boxes)).toBe('ltr');
  });

  // example:start
  test('a Latin title under a cover starts where the Arabic page starts, at the right', async ({ userPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/app/books?lng=ar');
    const card = page.getByTestId('book-list').getByRole('link').first();
    const title = card.locator('[dir=auto]').first();
    // Its start: another test may have renamed it for a moment ('… (audited)').
    await expect(title).toHaveText(/^A Study in Scarlet/);
    const [cardBox, titleBox] = [await card.boundingBox(), await title.boundingBox()];
    expect(Math.abs(cardBox!.x + cardBox!.width - (titleBox!.x + titleBox!.width))).toBeLessThan(2);
    // Still laid out left to right inside.
    expect(await direction(title)).toBe('ltr');
  });
  // example:end

  test("a select runs right to left: its value at the right, its chevron at the left, its list's checks at the right", async ({
    userPage: page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/app/account?lng=ar');
    const trigger = page.getByRole('region', { name: 'تفضيلات العرض' }).getByRole('combobox').first();
    await expect(trigger).toBeVisible();
    expect(await direction(trigger)).toBe('rtl');
    const [value, chevron] = [await trigger.locator('span').first().boundingBox(), await trigger.locator('svg').last().boundingBox()];
    expect(value!.x).toBeGreaterThan(chevron!.x);
  });
});
