import type { Page } from '@playwright/test';
import { clientHeaders, expect, hydrated, test } from './support/fixtures';

/** As a slow connection would. */
async function slowScripts(page: Page) {
  let release!: () => void;
  const scripts = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scripts;
    await route.continue();
  });
  return release;
}

test.describe('typed before hydration', () => {
  // example:start
  test('a new book’s fields keep what was typed, and the book is saved with it', async ({ adminPage: page }) => {
    const release = await slowScripts(page);
    await page.goto('/manager/books/new', { waitUntil: 'commit' });
    const title = `Typed early ${Date.now().toString(36)}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Author').fill('Slow Phone');
    release();
    await hydrated(page);
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByLabel('Author')).toHaveValue('Slow Phone');
    await page.locator('#main form button[type="submit"]').click();
    await expect(page.getByText('Book created')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });
  // example:end

  // example:start
  test('a search typed early is the search made: the catalogue and a manager list', async ({ adminPage: page }) => {
    let release = await slowScripts(page);
    await page.goto('/app/books', { waitUntil: 'commit' });
    await page.getByRole('searchbox').fill('gold');
    release();
    await hydrated(page);
    await expect(page.getByRole('searchbox')).toHaveValue('gold');
    await expect(page).toHaveURL(/[?&]searchTerm=gold(&|$)/);

    await page.unrouteAll();
    release = await slowScripts(page);
    await page.goto('/manager/users', { waitUntil: 'commit' });
    await page.getByRole('searchbox').fill('admin@example');
    release();
    await hydrated(page);
    await expect(page.getByTestId('search-results')).toHaveText('1 result for "admin@example"');
    await expect(page.getByRole('searchbox')).toHaveValue('admin@example');
  });
  // example:end

  test('a filter form typed early applies what was typed: the audit log', async ({ adminPage: page }) => {
    const release = await slowScripts(page);
    await page.goto('/manager/audit', { waitUntil: 'commit' });
    await page.getByLabel('Search by actor or target').fill('admin');
    await page.getByLabel('Target ID', { exact: true }).fill('no-such-target');
    release();
    await hydrated(page);
    await expect(page.getByLabel('Search by actor or target')).toHaveValue('admin');
    // The filters apply as they change: what was typed early, too, with no button to press.
    await expect(page).toHaveURL(/[?&]searchTerm=admin(&|$)/);
    await expect(page).toHaveURL(/[?&]targetId=no-such-target(&|$)/);
    await expect(page.getByLabel('Target ID', { exact: true })).toHaveValue('no-such-target');
  });

  test('a new user’s fields keep what was typed', async ({ adminPage: page }) => {
    const release = await slowScripts(page);
    await page.goto('/manager/users/new', { waitUntil: 'commit' });
    await page.getByLabel('Name').fill('Early Bird');
    await page.getByLabel('Email').fill('early.bird@example.org');
    release();
    await hydrated(page);
    await expect(page.getByLabel('Name')).toHaveValue('Early Bird');
    await expect(page.getByLabel('Email')).toHaveValue('early.bird@example.org');
  });

  // Part of the code typed early, the rest once interactive; or all of it early, then Enter.
  for (const early of [3, 6]) {
    test(`a login code with ${early} of its characters typed early signs in`, async ({ browser, app, sink }) => {
      // An address of its own: the seeded ones get 5 codes in 10 minutes, shared with this worker's other tests.
      const email = `early.${early}.${Date.now()}@example.org`;
      const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
      const page = await context.newPage();
      await page.goto('/login');
      await hydrated(page);
      const since = Date.now();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Email').press('Enter');
      await expect(page).toHaveURL(/\/login\/verify\?/);
      const code = await sink.waitForCode(email, since);
      const release = await slowScripts(page);
      await page.goto(page.url(), { waitUntil: 'commit' });
      await page.getByLabel('Sign-in code').pressSequentially(code.slice(0, early));
      release();
      await hydrated(page);
      if (early < code.length) await page.getByLabel('Sign-in code').pressSequentially(code.slice(early));
      else await page.getByLabel('Sign-in code').press('Enter');
      // Signed in: a new address is asked for its name before the app.
      await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
      await context.close();
    });
  }
});
