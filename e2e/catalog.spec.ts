import { expect, test, hydrated } from './support/fixtures';
import { identity } from '#/lib/identity.ts';

test.describe('catalogue (app)', () => {
  test('a user browses with infinite scroll, searches, and opens a book', async ({ userPage: page }) => {
    const res = await page.request.get('/app/books');
    expect(res.status()).toBe(200);
    // Server-rendered: the first page of books is in the HTML.
    expect(await res.text()).toContain('A Study in Scarlet');

    await page.goto('/app/books');
    await hydrated(page);
    const cards = page.getByTestId('book-list').getByRole('link');
    await expect(cards).toHaveCount(20);
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(40);

    await page.getByRole('searchbox', { name: 'Search books' }).fill('VERNE');
    await expect(page).toHaveURL(/searchTerm=VERNE/);
    await expect(cards).toHaveCount(4);
    await expect(page.getByText('Twenty Thousand Leagues Under the Seas')).toBeVisible();
    // The field's own clear button (not the browser's) empties the search and keeps the focus in it.
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/books$/);
    // The whole list again (the pages already read come back from the cache).
    await expect(cards.nth(19)).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search books' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Clear', exact: true })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search books' }).fill('no such book at all');
    await expect(page.getByText('No books found')).toBeVisible();
    // A term past 100 characters is cut in the box and searched as shown, not ignored.
    const long = `verne${'x'.repeat(150)}`;
    await page.getByRole('searchbox', { name: 'Search books' }).fill(long);
    await expect(page.getByRole('searchbox', { name: 'Search books' })).toHaveValue(long.slice(0, 100));
    await expect(page).toHaveURL(new RegExp(`searchTerm=${long.slice(0, 100)}(&|$)`));
    await expect(page.getByText('No books found')).toBeVisible();

    // The URL holds text: digits, `null` and quotes are searched as typed, and typed digits stay unquoted.
    for (const term of ['1984', 'null', '"x"']) {
      await page.goto(`/app/books?searchTerm=${encodeURIComponent(term)}`);
      await expect(page.getByRole('searchbox', { name: 'Search books' })).toHaveValue(term);
      await expect(page.getByText('No books found')).toBeVisible();
    }
    await hydrated(page);
    await page.getByRole('searchbox', { name: 'Search books' }).fill('2001');
    await expect(page).toHaveURL(/\?searchTerm=2001$/);

    await page.goto('/app/books?searchTerm=moby');
    await hydrated(page);
    await page.getByRole('link', { name: /Moby-Dick/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Moby-Dick' })).toBeVisible();
    await expect(page.getByRole('article').getByText('Herman Melville')).toBeVisible();
    await expect(page.getByRole('article').getByText('Adventure', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`Moby-Dick | ${identity.name}`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Books' })).toHaveAttribute('href', '/app/books');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Moby-Dick');
    // Two columns from 640 px: the list stays beside the book; below, the book alone.
    await page.setViewportSize({ width: 1280, height: 800 });
    const beside = page.getByTestId('books-beside');
    await expect(beside).toBeVisible();
    await expect(beside.getByRole('link')).toHaveCount(20);
    const first = beside.getByRole('link').first();
    const firstTitle = (await first.textContent())!;
    await first.click();
    await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toHaveText(firstTitle);
    await expect(first).toHaveAttribute('aria-current', 'page');
    // Previous and next follow the list: the first book has only a next one.
    const neighbours = page.getByRole('navigation', { name: 'Previous and next books' });
    const secondTitle = (await beside.getByRole('link').nth(1).textContent())!;
    await expect(neighbours.getByRole('link')).toHaveCount(1);
    await neighbours.getByRole('link', { name: `Next ${secondTitle}` }).click();
    await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toHaveText(secondTitle);
    await expect(neighbours.getByRole('link', { name: `Previous ${firstTitle}` })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByTestId('books-beside')).toBeHidden();
    // Readers get no editing actions.
    await expect(page.getByRole('button', { name: /edit|delete/i })).toHaveCount(0);

    expect((await page.request.get('/app/books/no-such-id')).status()).toBe(404);
  });

  test('the browser does not ask again for what the server rendered', async ({ userPage: page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/rpc/')) calls.push(pathname);
    });
    await page.goto('/app/books?searchTerm=moby');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('link', { name: /Moby-Dick/ })).toBeVisible();
    const href = await page.getByRole('link', { name: /Moby-Dick/ }).getAttribute('href');
    await page.goto(href!);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1, name: 'Moby-Dick' })).toBeVisible();
    // The list, the book and the top bar's organisations came with their pages.
    expect(calls).toEqual([]);
  });
});

test.describe('catalogue (manager)', () => {
  test('an admin lists books with counts, loads more and searches', async ({ adminPage: page }) => {
    await page.goto('/manager/books');
    await hydrated(page);
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(20);
    const showing = page.getByTestId('showing');
    await expect(showing).toHaveText(/^Showing 20 of \d+$/);
    const total = Number(/of (\d+)/.exec((await showing.textContent())!)![1]);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(rows).toHaveCount(Math.min(40, total));
    await expect(showing).toHaveText(`Showing ${Math.min(40, total)} of ${total}`);

    await page.getByRole('searchbox', { name: 'Search books' }).fill('doyle');
    await expect(page.getByTestId('search-results')).toHaveText('4 results for "doyle"');
    await expect(rows).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });
});

test.describe('catalogue (manager forms)', () => {
  test('an admin creates a book with a new genre, hits the duplicate message, edits and deletes it', async ({ adminPage: page }) => {
    await page.goto('/manager/books');
    await hydrated(page);
    await page.getByRole('link', { name: 'New book' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New book' })).toBeVisible();

    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Author is required')).toBeVisible();

    // Typing filters the genres; a new name offers 'Create', and Enter creates and selects it.
    const genreBox = page.getByLabel('Genre', { exact: true });
    await expect(genreBox).toHaveText('No genre');
    await genreBox.click();
    const genreSearch = page.getByRole('textbox', { name: 'Search or create a genre' });
    await expect(genreSearch).toBeFocused();
    await genreSearch.fill('mystery');
    await expect(page.getByRole('option', { name: 'Mystery', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: /^Create/ })).toHaveCount(0);
    const genre = `Satire ${Date.now()}`;
    await genreSearch.fill(genre);
    await expect(page.getByRole('option')).toHaveText([`Create "${genre}"`]);
    await genreSearch.press('Enter');
    await expect(page.getByText('Genre added')).toBeVisible();
    await expect(genreBox).toHaveText(genre);
    await expect(genreBox).toBeFocused();

    // A title already used by the same author: the message sits on the title field.
    await page.getByLabel('Title', { exact: true }).fill('treasure island');
    await page.getByLabel('Author', { exact: true }).fill('Robert Louis Stevenson');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.locator('form [role="alert"]')).toHaveText('Title already used with the same author');

    const title = `A Modest Proposal ${Date.now()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Author', { exact: true }).fill('Jonathan Swift');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Book created')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(genre)).toBeVisible();

    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit book' })).toBeVisible();
    await page.getByLabel('Publisher', { exact: true }).fill('S. Harding');
    // Leaving a changed form asks first; staying keeps the change.
    await page.getByRole('navigation', { name: 'Main navigation' }).first().getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByText('Your changes will be lost.')).toBeVisible();
    await page.getByRole('button', { name: 'Stay' }).click();
    await expect(page.getByLabel('Publisher', { exact: true })).toHaveValue('S. Harding');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Book updated')).toBeVisible();
    await expect(page.getByText('S. Harding')).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleting is permanent.')).toBeVisible();
    // After the delete, the page leaves at once and never asks for the deleted book again.
    const bookId = /\/manager\/books\/([^/?]+)/.exec(page.url())![1]!;
    const askedAgain: string[] = [];
    let clicked = false;
    page.on('request', (request) => {
      const asks = request.url().includes(bookId) || (request.postData() ?? '').includes(bookId);
      if (clicked && asks && !request.url().includes('/books/delete')) askedAgain.push(request.url());
    });
    clicked = true;
    await page.getByTestId('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Book deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/manager\/books$/);
    await page.waitForTimeout(1500);
    expect(askedAgain).toEqual([]);
    await page.getByRole('searchbox', { name: 'Search books' }).fill(title);
    await expect(page.getByText('0 results for')).toBeVisible();
  });

  test('a refusal reaches the book form as an error, on its field, in the page’s language', async ({ adminPage: page }) => {
    const cases = [
      { lng: 'fr', title: 'Titre', author: 'Auteur', create: 'Créer', message: 'Ce titre est déjà utilisé pour cet auteur' },
      { lng: 'ar', title: 'العنوان', author: 'المؤلف', create: 'إنشاء', message: 'هذا العنوان مستخدم بالفعل للمؤلف نفسه' },
    ];
    for (const { lng, title, author, create, message } of cases) {
      await page.goto(`/manager/books/new?lng=${lng}`);
      await hydrated(page);
      await page.getByLabel(title, { exact: true }).fill('Treasure Island');
      await page.getByLabel(author, { exact: true }).fill('Robert Louis Stevenson');
      // Through oRPC's protocol, the 409 arrives as an error.
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/rpc/_rpc/books/create');
      await page.getByRole('button', { name: create, exact: true }).click();
      expect((await answer).status()).toBe(409);
      await expect(page.locator('form [role="alert"]')).toHaveText(message);
      await expect(page.getByLabel(title, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(title, { exact: true })).toHaveValue('Treasure Island');
    }
  });
});
