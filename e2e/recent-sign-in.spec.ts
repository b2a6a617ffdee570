// A recent sign-in for sensitive actions, as a person meets it (docs/decisions/102-a-recent-sign-in-for-sensitive-actions.md):
// signed in more than ten minutes ago (the session aged in the database), an action opens "Confirm it's you"
// over the form; an e-mail code, or the authenticator app's code once a second factor is on, confirms it, and the
// action completes with what was typed. Closing the dialog changes nothing and keeps the form.
import { TEST_DATABASE_URL } from '../tests/support/databases';
import { totpCode } from '../tests/support/totp.ts';
import { withAppOnPostgres } from './support/app-on-postgres';
import { seriousViolations } from './support/a11y';
import { clientHeaders, expect, hydrated, setUpAuthenticator, signInViaApi, test } from './support/fixtures';

test.describe('a recent sign-in for sensitive actions', () => {
  test('an old session confirms with an e-mail code, then with the authenticator app, and the actions complete', async ({ browser }) => {
    test.skip(!TEST_DATABASE_URL, 'ages the session in the database: needs TEST_DATABASE_URL (CI sets it to the local PostgreSQL)');
    test.setTimeout(150_000);
    await withAppOnPostgres({}, async ({ app, sink, db }) => {
      const email = `recent.${Date.now().toString(36)}@example.org`;
      const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
      const page = await context.newPage();
      await signInViaApi(page.request, app, sink, email);
      await page.goto('/app');
      await hydrated(page);
      await page.getByLabel('What is your name?').fill('Rima Haddad');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Rima Haddad' })).toBeVisible();
      const age = () =>
        db.query(`update session set created_at = now() - interval '11 minutes' where user_id = (select id from "user" where email = $1)`, [
          email,
        ]);
      await age();

      await page.goto('/app/account');
      await hydrated(page);
      const keys = page.getByRole('region', { name: 'API keys' });
      await keys.getByRole('button', { name: 'Create key' }).click();
      const form = page.getByRole('dialog', { name: 'Create an API key' });
      await form.getByLabel('Name').fill('Nightly export');
      await form.getByRole('group', { name: 'Books' }).getByRole('checkbox', { name: 'Read' }).check();
      await form.getByRole('button', { name: 'Create key' }).click();

      // Closed without confirming: nothing made, the form as it was.
      const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' });
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText('You signed in more than 10 minutes ago.');
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(form.getByLabel('Name')).toHaveValue('Nightly export');
      expect((await page.request.get('/api/rpc/account/api-keys')).status()).toBe(200);
      expect(await (await page.request.get('/api/rpc/account/api-keys')).json()).toEqual([]);

      // Confirmed with an e-mail code: the key is made with the name typed before.
      await form.getByRole('button', { name: 'Create key' }).click();
      await expect(confirm).toBeVisible();
      const since = Date.now();
      await confirm.getByRole('button', { name: `Send a code to ${email}` }).click();
      const code = await sink.waitForCode(email, since);
      await confirm.getByLabel(`Code sent to ${email}`).pressSequentially(code);
      await expect(confirm).toBeHidden();
      const made = page.getByRole('dialog', { name: 'Copy your key now' });
      await expect(made.getByTestId('api-key-secret')).toHaveValue(/^sb_/);
      await made.getByRole('button', { name: 'Done' }).click();
      await expect(keys.getByTestId('api-key')).toContainText('Nightly export');
      // One session in this browser: the earlier one gave way to the new.
      const sessions = await db.query(`select count(*)::int as n from session where user_id = (select id from "user" where email = $1)`, [
        email,
      ]);
      expect(sessions.rows[0]).toEqual({ n: 1 });

      // A second factor: set up now (the session is new), then asked for instead of an e-mail code.
      const secret = await setUpAuthenticator(page);
      const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });

      await age();
      await twoFactor.getByRole('button', { name: 'New recovery codes' }).click();
      await page.getByRole('dialog', { name: 'Make new recovery codes?' }).getByRole('button', { name: 'New recovery codes' }).click();
      await expect(confirm).toBeVisible();
      await expect(confirm.getByRole('button', { name: /Send a code/ })).toHaveCount(0);
      // The system's dark theme (the page follows it by default): still clean.
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await confirm.getByLabel('Code from your authenticator app').pressSequentially(totpCode(secret, 1));
      await expect(confirm).toBeHidden();
      await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
      await context.close();
    });
  });
});
