/**
 * At 375 px, no page scrolls sideways (issue #16, item 10), in English and in Arabic.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const MOBILE = { width: 375, height: 812 };

async function overflow(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

test.describe('no horizontal overflow at 375 px', () => {
  for (const lng of ['en', 'ar']) {
    test(`signed-out pages (${lng})`, async ({ page }) => {
      await page.setViewportSize(MOBILE);
      for (const path of ['/login', '/login/verify?email=user%40example.com', '/login/error?error=banned', '/no/such/page']) {
        const { scrollWidth, innerWidth } = await overflow(page, `${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
        expect(scrollWidth, `${path} (${lng})`).toBeLessThanOrEqual(innerWidth);
      }
    });

    test(`manager pages (${lng})`, async ({ adminPage: page }) => {
      await page.setViewportSize(MOBILE);
      const books = (await (await page.request.get('/api/rpc/books?limit=1')).json()) as { items: Array<{ id: string }> };
      const users = (await (await page.request.get('/api/rpc/users?limit=1')).json()) as { items: Array<{ id: string }> };
      for (const path of [
        '/manager/dashboard',
        '/manager/users',
        `/manager/users/${users.items[0]!.id}`,
        '/manager/users/new',
        '/manager/books',
        `/manager/books/${books.items[0]!.id}`,
        '/manager/books/new',
        '/manager/organizations',
        '/manager/account',
      ]) {
        const { scrollWidth, innerWidth } = await overflow(page, `${path}?lng=${lng}`);
        expect.soft(scrollWidth, `${path} (${lng})`).toBeLessThanOrEqual(innerWidth);
      }
    });

    test(`the users list shows each user's role and status on a phone (${lng})`, async ({ adminPage: page }) => {
      await page.setViewportSize(MOBILE);
      const { scrollWidth, innerWidth } = await overflow(page, `/manager/users?searchTerm=admin%40example.com&lng=${lng}`);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      // Below 640 px the table becomes cards: nothing sits off-screen.
      await expect(page.locator('table')).toHaveCount(0);
      const card = page.getByTestId('list-cards').getByRole('listitem').first();
      const [role, status] = lng === 'ar' ? ['مسؤول', 'نشط'] : ['Admin', 'Active'];
      for (const text of [role, status, 'admin@example.com']) {
        // The last match: the name 'Admin' comes before the role badge 'Admin'.
        const badge = card.getByText(text, { exact: true }).last();
        await expect(badge).toBeInViewport();
        const box = (await badge.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(innerWidth);
      }
    });

    test(`app pages (${lng})`, async ({ userPage: page }) => {
      await page.setViewportSize(MOBILE);
      const books = (await (await page.request.get('/api/rpc/books?limit=1')).json()) as { items: Array<{ id: string }> };
      for (const path of ['/app', '/app/books', `/app/books/${books.items[0]!.id}`, '/app/account', '/app/organizations']) {
        const { scrollWidth, innerWidth } = await overflow(page, `${path}?lng=${lng}`);
        expect.soft(scrollWidth, `${path} (${lng})`).toBeLessThanOrEqual(innerWidth);
      }
    });
  }
});
