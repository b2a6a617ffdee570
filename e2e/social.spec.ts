import type { Page } from '@playwright/test';
import { expect, test as base, clientHeaders, hydrated, signInThroughUi } from './support/fixtures';
import { freePort, startApp } from './support/app-server';
import { startOidcProvider } from './support/oidc-provider';

/** The app signed in through the tests' OpenID Connect provider, both started for the test. */
const test = base.extend<{ oidcApp: { app: Awaited<ReturnType<typeof startApp>>; oidc: Awaited<ReturnType<typeof startOidcProvider>> } }>({
  oidcApp: async ({ sink }, use) => {
    const port = await freePort();
    const oidc = await startOidcProvider(`http://127.0.0.1:${port}`);
    const app = await startApp({
      PORT: String(port),
      EMAIL_SERVER: sink.url,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_NAME: 'Test Identity',
    });
    await use({ app, oidc });
  },
});

test.describe('OpenID Connect sign-in', () => {
  // These tests start servers of their own: give them room on a busy 2-core machine.
  test.describe.configure({ timeout: 180_000 });
  test('sign in at the provider and land back signed in; a denied consent lands on access_denied', async ({
    browser,
    oidcApp: { app, oidc },
  }) => {
    const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const page = await context.newPage();
    await page.goto('/login?redirect=%2Fapp%2Faccount');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.getByRole('button', { name: 'Continue with Test Identity' }).click();
    await expect(page).toHaveURL(new RegExp(`^${oidc.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill('ada@example.net');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // A new account: onboarding first, then the page asked for.
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(page.getByLabel('What is your name?')).toHaveValue('OIDC ada');
    await page.getByLabel('What is your name?').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/app\/account$/);
    await expect(page.getByTestId('account-email')).toHaveText('ada@example.net');
    // The provider verified the address: the account shows no 'Not Verified' badge.
    await expect(page.getByText('Not Verified')).toHaveCount(0);
    // The audit log recorded the sign-in through the provider's callback (and the onboarding).
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
  });

  test('F1: an address the provider did not verify reaches no account, now or later; a verified one links', async ({
    browser,
    sink,
    oidcApp: { app },
  }) => {
    const throughProvider = async (login: string) => {
      const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
      const page = await context.newPage();
      await page.goto('/login');
      await hydrated(page);
      await page.getByRole('button', { name: 'Continue with Test Identity' }).click();
      await page.locator('input[name="login"]').fill(login);
      await page.locator('input[name="password"]').fill('anything');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.origin === app.url);
      return page;
    };
    const sessionEmail = async (page: Page) => {
      const res = await page.request.get('/api/auth/get-session');
      const body = (await res.json()) as { user?: { email: string } } | null;
      return body?.user?.email ?? null;
    };
    // The seeded admin's address, claimed unverified: refused, not signed in.
    const attacker = await throughProvider('unverified:admin@example.com');
    await expect(attacker).toHaveURL(/\/login\/error\?error=account_not_linked/);
    await expect(attacker.getByRole('heading', { name: 'Account not linked' })).toBeVisible();
    expect(await sessionEmail(attacker)).toBeNull();

    // Pre-account hijacking: the victim has no account yet; the unverified claim creates none.
    const early = await throughProvider('unverified:victim@example.net');
    await expect(early).toHaveURL(/\/login\/error\?error=email_not_verified/);
    await expect(early.getByRole('heading', { name: 'Email address not verified' })).toBeVisible();
    expect(await sessionEmail(early)).toBeNull();
    // The victim signs up with an e-mail code: a new account, with an empty name to choose.
    const victim = await (await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() })).newPage();
    await victim.goto('/login');
    await signInThroughUi(victim, sink, 'victim@example.net');
    await expect(victim.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(victim.getByLabel('What is your name?')).toHaveValue('');
    // The attacker's provider identity still reaches nothing.
    const later = await throughProvider('unverified:victim@example.net');
    await expect(later).toHaveURL(/\/login\/error\?error=account_not_linked/);
    expect(await sessionEmail(later)).toBeNull();

    // A verified claim for an existing account links to it and signs in.
    const user = await throughProvider('user@example.com');
    await expect(user).toHaveURL(/\/app$/);
    expect(await sessionEmail(user)).toBe('user@example.com');
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
