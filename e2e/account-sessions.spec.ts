import type { Browser, Page } from '@playwright/test';
import { TEST_DATABASE_URL } from '../tests/support/databases';
import type { AppServer } from './support/app-server';
import { withAppOnPostgres } from './support/app-on-postgres';
import { clientHeaders, expect, signInViaApi, test, hydrated } from './support/fixtures';
import type { SmtpSink } from './support/smtp-sink';

/** Its own client address, its own session. */
async function signedInPage(browser: Browser, app: AppServer, sink: SmtpSink, email: string) {
  const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
  const page = await context.newPage();
  await signInViaApi(page.request, app, sink, email);
  return page;
}

async function createUser(admin: Page, name: string) {
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}.${Date.now()}@example.org`;
  const res = await admin.request.post('/api/rpc/users', { data: { name, email } });
  expect(res.status()).toBe(201);
  return { ...((await res.json()) as { id: string }), email };
}

test.describe('own sessions', () => {
  test('a user signs one window out from its row, the others out, then everywhere', async ({ adminPage, browser, app, sink }) => {
    const { email } = await createUser(adminPage, 'Two Windows');
    const first = await signedInPage(browser, app, sink, email);
    const second = await signedInPage(browser, app, sink, email);

    // A user created by an admin already has a name: onboarding does not ask.
    await first.goto('/app/account');
    await hydrated(first);
    await expect(first.getByRole('heading', { name: 'Welcome' })).toHaveCount(0);
    await expect(first.getByText('Two Windows').first()).toBeVisible();
    const sessions = first.getByTestId('own-session');
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
    await expect(sessions.first()).toContainText(/Chrome \d+ · Linux/);
    // From 640 px a table: device (its address under it, in the settings card's width), last active.
    const table = first.getByRole('region', { name: 'Your sessions' }).getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Device', 'Last active', 'Actions']);
    await expect(sessions.first().getByRole('cell').first()).toContainText(/IP address: \S+/);
    await expect(sessions.first().getByRole('cell').nth(1)).toHaveText(/\d{4}, \d{1,2}:\d{2}\s?[AP]M/);

    // A third window, signed out from its own row: asked first, then a toast, and that window is out.
    const third = await signedInPage(browser, app, sink, email);
    await first.reload();
    await hydrated(first);
    await expect(sessions).toHaveCount(3);
    // This device has no row action (it signs out with 'Sign out'); the newest other one is second.
    await expect(sessions.filter({ hasText: 'This device' }).getByRole('button')).toHaveCount(0);
    await sessions
      .nth(1)
      .getByRole('button', { name: /^Sign out Chrome \d+ · Linux$/ })
      .click();
    const asked = first.getByTestId('dialog');
    await expect(asked.getByText('Sign out this device?')).toBeVisible();
    await expect(asked.getByText(/^Chrome \d+ · Linux will need a new code to sign in\./)).toBeVisible();
    await asked.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(first.getByText('Device signed out')).toBeVisible();
    await expect(sessions).toHaveCount(2);
    await third.goto('/app/account');
    await expect(third).toHaveURL(/\/login\?redirect=/);
    await third.context().close();

    // Asked first; cancelling changes nothing.
    const dialog = first.getByTestId('dialog');
    await first.getByRole('button', { name: 'Sign out other sessions' }).click();
    await expect(dialog.getByText('Sign out every other device?')).toBeVisible();
    await expect(dialog.getByText('They will need a new code to sign in.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(sessions).toHaveCount(2);
    // A failure: its toast, the dialog still open, nothing changed.
    await first.route('**/api/auth/revoke-other-sessions', (route) => route.fulfill({ status: 500, json: { message: 'Boom' } }));
    await first.getByRole('button', { name: 'Sign out other sessions' }).click();
    await dialog.getByRole('button', { name: 'Sign out other sessions' }).click();
    await expect(first.getByText('Failed to sign out other sessions')).toBeVisible();
    await first.unroute('**/api/auth/revoke-other-sessions');
    await expect(sessions).toHaveCount(2);
    await expect(dialog.getByText('Sign out every other device?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Sign out other sessions' }).click();
    await expect(first.getByText('Other sessions signed out')).toBeVisible();
    await expect(sessions).toHaveCount(1);
    // The other window's next request lands on /login.
    await second.goto('/app/account');
    await expect(second).toHaveURL(/\/login\?redirect=/);
    await first.reload();
    await expect(first).toHaveURL(/\/app\/account$/);
    // A click before hydration reaches no handler.
    await hydrated(first);

    await first.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(dialog.getByText('Sign out everywhere?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(first).toHaveURL(/\/app\/account$/);
    await first.getByRole('button', { name: 'Sign out everywhere' }).click();
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(first).toHaveURL(/\/login$/);
    await first.goto('/app');
    await expect(first).toHaveURL(/\/login\?redirect=/);
    await first.context().close();
    await second.context().close();
  });

  for (const lng of ['en', 'ar']) {
    test(`the sessions table fits its settings card at 1280 px, every Sign out whole (${lng})`, async ({
      adminPage,
      browser,
      app,
      sink,
    }) => {
      const { email } = await createUser(adminPage, `Fits ${lng}`);
      const other = await signedInPage(browser, app, sink, email);
      const page = await signedInPage(browser, app, sink, email);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`/app/account?lng=${lng}`);
      await hydrated(page);
      const card = page
        .locator('#own-sessions')
        .locator('xpath=ancestor::section[1]')
        .locator('table')
        .locator('xpath=ancestor::div[@data-slot="table-container"]');
      await expect(card).toBeVisible();
      const { scrollWidth, clientWidth } = await card.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      const box = (await card.boundingBox())!;
      const buttons = card.getByRole('button');
      await expect(buttons).toHaveCount(1);
      const button = (await buttons.first().boundingBox())!;
      expect(button.x).toBeGreaterThanOrEqual(box.x);
      expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width);
      await other.context().close();
      await page.context().close();
    });
  }

  test('security activity shows the 5 latest events, View all the rest', async ({ adminPage, browser, app, sink }) => {
    const { email } = await createUser(adminPage, 'Busy Week');
    // Each sign-in records two events (the code asked for, the sign-in): eight.
    for (let i = 0; i < 3; i++) await (await signedInPage(browser, app, sink, email)).context().close();
    const page = await signedInPage(browser, app, sink, email);
    await page.goto('/app/account');
    await hydrated(page);
    const activity = page.getByTestId('security-activity');
    const items = activity.getByTestId('security-activity-list').getByRole('listitem');
    await expect(items).toHaveCount(5);
    await activity.getByRole('button', { name: 'View all' }).click();
    // And the account's creation by the admin.
    await expect(items).toHaveCount(9);
    await expect(activity.getByRole('button', { name: 'View all' })).toHaveCount(0);
    await page.context().close();
  });

  test('the last admin cannot delete their own account', async ({ adminPage: page }) => {
    await page.goto('/manager/account');
    await hydrated(page);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByTestId('dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type admin@example.com to confirm').fill('ADMIN@example.com');
    await confirm.click();
    await expect(page.getByText('Failed to delete your account')).toBeVisible();
    await expect(page.getByText('The last administrator cannot be demoted, banned or deleted')).toBeVisible();
    expect((await page.request.get('/manager/account')).status()).toBe(200);
  });
});

test.describe('deleting one’s account (PostgreSQL)', () => {
  test.skip(!TEST_DATABASE_URL, 'needs TEST_DATABASE_URL (CI sets it to the local PostgreSQL)');
  test.describe.configure({ timeout: 180_000 });

  test('removes the user and every session of theirs', async ({ browser }) => {
    await withAppOnPostgres({}, async ({ app, sink, db }) => {
      const email = 'amina.mwangi@example.com';
      const page = await signedInPage(browser, app, sink, email);
      const other = await signedInPage(browser, app, sink, email);
      const { rows } = await db.query<{ id: string }>('select id from "user" where email = $1', [email]);
      const userId = rows[0]!.id;
      const count = async (sql: string) => Number((await db.query<{ n: string }>(sql, [userId])).rows[0]!.n);
      expect(await count('select count(*) as n from "session" where user_id = $1')).toBe(2);

      await page.goto('/app/account');
      await hydrated(page);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByTestId('dialog').getByLabel(`Type ${email} to confirm`).fill(email);
      await page.getByTestId('dialog').getByRole('button', { name: 'Delete my account' }).click();
      await expect(page).toHaveURL(/\/login$/);

      expect(await count('select count(*) as n from "user" where id = $1')).toBe(0);
      expect(await count('select count(*) as n from "session" where user_id = $1')).toBe(0);
      expect(await count('select count(*) as n from "account" where user_id = $1')).toBe(0);
      await other.goto('/app');
      await expect(other).toHaveURL(/\/login\?redirect=/);
      await page.context().close();
      await other.context().close();
    });
  });
});
