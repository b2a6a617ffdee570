import { expect, test, clientHeaders } from './support/fixtures';
import { freePort, startApp } from './support/app-server';
import { startOidcProvider } from './support/oidc-provider';

/** One app started with OIDC_* pointing at a real OpenID provider on loopback. */
test.describe('OpenID Connect sign-in', () => {
  // These tests start servers of their own: give them room on a busy 2-core machine.
  test.describe.configure({ timeout: 180_000 });
  test('sign in at the provider and land back signed in; a denied consent lands on access_denied', async ({ browser }) => {
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const oidc = await startOidcProvider(appUrl);
    const app = await startApp({
      PORT: String(port),
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_NAME: 'Test Identity',
    });
    try {
      const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
      const page = await context.newPage();
      await page.goto('/login?redirect=%2Fapp%2Faccount');
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await page.getByRole('button', { name: 'Continue with Test Identity' }).click();
      await expect(page).toHaveURL(new RegExp(`^${oidc.issuer}/interaction/`));
      await page.locator('input[name="login"]').fill('unverified.ada@example.net');
      await page.locator('input[name="password"]').fill('anything');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();

      // A new account: onboarding first, then the page asked for.
      await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
      await expect(page.getByLabel('What is your name?')).toHaveValue('OIDC unverified.ada');
      await page.getByLabel('What is your name?').fill('Ada Unverified');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/app\/account$/);
      await expect(page.getByTestId('account-email')).toHaveText('unverified.ada@example.net');
      // The provider says the address is not verified: the account shows it.
      await expect(page.getByText('Not Verified')).toBeVisible();
      // The audit log recorded the sign-in through the provider's callback (and the onboarding):
      // Ada sees both in her security activity.
      const activity = page.getByTestId('security-activity');
      await expect(activity.getByRole('listitem').filter({ hasText: 'Signed in' })).toHaveCount(1);
      await expect(activity.getByRole('listitem').filter({ hasText: 'Onboarded' })).toHaveCount(1);
      await context.close();

      const denied = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
      const p2 = await denied.newPage();
      await p2.goto('/login');
      await expect(p2.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await p2.getByRole('button', { name: 'Continue with Test Identity' }).click();
      await p2.locator('input[name="login"]').fill('someone@example.net');
      await p2.locator('input[name="password"]').fill('anything');
      await p2.getByRole('button', { name: 'Sign-in' }).click();
      await p2.getByRole('link', { name: '[ Cancel ]' }).click();
      await expect(p2).toHaveURL(/\/login\/error\?error=access_denied/);
      await expect(p2.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      await expect(p2.getByText('Not able to login, please try again')).toBeVisible();
      await denied.close();
    } finally {
      await app.stop();
      await oidc.close();
    }
  });

  test('GitHub: the button appears when configured and starts the provider redirect', async ({ browser }) => {
    const app = await startApp({ GITHUB_CLIENT_ID: 'gh-client', GITHUB_CLIENT_SECRET: 'gh-secret' });
    try {
      const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
      const res = await page.request.post('/api/auth/sign-in/social', {
        data: { provider: 'github', callbackURL: '/login' },
        headers: { Origin: app.url },
      });
      expect(res.status()).toBe(200);
      const { url, redirect } = (await res.json()) as { url: string; redirect: boolean };
      expect(redirect).toBe(true);
      expect(url).toMatch(/^https:\/\/github\.com\/login\/oauth\/authorize\?/);
      expect(new URL(url).searchParams.get('client_id')).toBe('gh-client');
      await context.close();
    } finally {
      await app.stop();
    }
  });
});
