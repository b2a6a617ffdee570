// A save the server could not finish says so in the person's words: the form's own message, translated,
// never the server's text ('Internal Server Error' was toasted raw by the book form).
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './support/fixtures';

/** What the API answers when a procedure throws something it did not expect. */
const failWith500 = (page: Page, procedure: string) =>
  page.route(`**/api/rpc/_rpc/${procedure}`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ json: { defined: false, code: 'INTERNAL_SERVER_ERROR', status: 500, message: 'Internal Server Error' } }),
    }),
  );

const toasts = (page: Page) => page.locator('[data-sonner-toast]');
/** Read at once: a toast goes away by itself, and a retried `not` would pass once it has. */
const expectNoServerText = async (page: Page) => expect(await page.locator('body').innerText()).not.toContain('Internal Server Error');

test.describe('a save the server could not finish', () => {
  // example:start
  test('a new book', async ({ adminPage: page }) => {
    await page.goto('/manager/books/new');
    await hydrated(page);
    await failWith500(page, 'books/create');
    await page.getByLabel('Title', { exact: true }).fill('The Hobbit');
    await page.getByLabel('Author', { exact: true }).fill('J. R. R. Tolkien');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(toasts(page)).toContainText('The book was not saved. Check your connection and try again.');
    await expectNoServerText(page);
    // What was typed is still there.
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('The Hobbit');
  });
  // example:end

  // example:start
  test('a book, in French', async ({ adminPage: page }) => {
    const made = await page.request.post('/api/rpc/books', { data: { title: `Failing save ${Date.now()}`, author: 'Someone' } });
    const { id } = (await made.json()) as { id: string };
    await page.goto(`/manager/books/${id}/update?lng=fr`);
    await hydrated(page);
    await failWith500(page, 'books/update');
    await page.getByLabel('Éditeur', { exact: true }).fill('Ace Books');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(toasts(page)).toContainText('Le livre n’a pas été enregistré. Vérifiez votre connexion et réessayez.');
    await expectNoServerText(page);
  });
  // example:end

  test('a new user', async ({ adminPage: page }) => {
    await page.goto('/manager/users/new');
    await hydrated(page);
    await failWith500(page, 'users/create');
    await page.getByLabel('Name', { exact: true }).fill('Failing Save');
    await page.getByLabel('Email', { exact: true }).fill(`failing.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(toasts(page)).toContainText('The user was not saved. Check your connection and try again.');
    await expectNoServerText(page);
  });
});
