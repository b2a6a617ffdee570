import pg from 'pg';
import { freshPostgres, TEST_DATABASE_URL } from '../tests/support/databases';
import { clientHeaders, expect, hydrated, signInViaApi, test } from './support/fixtures';
import { startApp } from './support/app-server';
import { startSmtpSink } from './support/smtp-sink';

/** The app runs on PostgreSQL, and its database disappears under it. */
test.describe('server errors', () => {
  // These tests start servers of their own: give them room on a busy 2-core machine.
  test.describe.configure({ timeout: 180_000 });
  test.skip(!TEST_DATABASE_URL, 'needs TEST_DATABASE_URL (CI sets it to the local PostgreSQL)');

  test('a failing database gives the error page with status 500, and Try Again recovers', async ({ browser }) => {
    const db = await freshPostgres();
    const sink = await startSmtpSink();
    const app = await startApp({ DATABASE_URL: db.url, AUTH_SECRET: 'e2e-errors-secret-0123456789abcdefghij', EMAIL_SERVER: sink.url });
    const database = new URL(db.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
      const page = await context.newPage();
      // Session reads are reused for a while: the first read of this one happens with the database gone.
      await signInViaApi(page.request, app, sink, `errors.${Date.now()}@example.org`);

      await admin.query(`alter database "${database}" allow_connections false`);
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [database]);

      expect((await page.request.get('/api/health')).status()).toBe(503);
      const res = await page.request.get('/app/account');
      expect(res.status()).toBe(500);
      const html = await res.text();
      expect(html).toContain('Something went wrong');
      expect(html).not.toMatch(/allow_connections|terminat|does not exist|at .*\.js:\d+/);

      await page.goto('/app/account');
      await expect(page.getByText('ERROR', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
      // The one error view: a reason in words, the error's own behind Show Error.
      await expect(page.getByText('The page could not be loaded. Trying again usually helps.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Show Error' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
      await expect(page.locator('#main').getByRole('link', { name: 'Home' })).toBeVisible();

      await admin.query(`alter database "${database}" allow_connections true`);
      expect((await page.request.get('/api/health')).status()).toBe(200);
      // Nothing read in the background swaps the error page, even past the query retry window (1 + 2 + 4 s).
      await page.waitForTimeout(5_000);
      await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
      await page.getByRole('button', { name: 'Try Again' }).click();
      // Loading runs again: the session is still there, so the (new) user's onboarding appears.
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
      await context.close();
    } finally {
      await admin.query(`alter database "${database}" allow_connections true`).catch(() => {});
      await admin.end();
      await app.stop();
      await sink.close();
      await db.drop();
    }
  });
});

test.describe('a page whose loading fails', () => {
  test("shows the designed default view: 'Something went wrong!', Show Error, and Try Again that loads it again", async ({
    userPage: page,
  }) => {
    await page.goto('/app/books');
    await hydrated(page);
    let failing = true;
    await page.route(/\/api\/rpc\/_rpc\/books\/get/, (route) => (failing ? route.abort() : route.continue()));
    await page.getByTestId('book-list').getByRole('link').first().click();
    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong!' });
    // After the query's own retries (1 + 2 + 4 s).
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert.getByText('ERROR', { exact: true })).toBeVisible();
    // The same view as a section's: one reason, Try Again, quiet Back and Home.
    await expect(alert.getByText('The page could not be loaded. Trying again usually helps.')).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Back' })).toBeVisible();
    await expect(alert.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(alert.locator('pre')).toHaveCount(0);
    await alert.getByRole('button', { name: 'Show Error' }).click();
    await expect(alert.locator('pre')).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Hide Error' })).toBeVisible();
    failing = false;
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'A Study in Scarlet' })).toBeVisible();
  });

  test('a save that cannot reach the server says so in words, and keeps what was typed', async ({ adminPage: page }) => {
    await page.goto('/manager/books/new');
    await hydrated(page);
    await page.getByLabel('Title').fill('Never Sent');
    await page.getByLabel('Author').fill('Offline Author');
    await page.route(/\/api\/rpc\/_rpc\/books\/create/, (route) => route.abort());
    await page.locator('#main form button[type="submit"]').click();
    await expect(page.getByText('The book was not saved. Check your connection and try again.')).toBeVisible();
    await expect(page.getByText('Failed to fetch')).toHaveCount(0);
    await expect(page.getByLabel('Title')).toHaveValue('Never Sent');
  });
});
