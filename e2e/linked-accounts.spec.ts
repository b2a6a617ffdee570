// Linked sign-in methods on the account page, through the tests' OpenID Connect provider
// (docs/decisions/068-linked-sign-in-methods.md). The provider's pages are oidc-provider's
// development ones: any login, "unverified:…" logins come back with email_verified: false.
import type { Browser, Page } from '@playwright/test';
import { expect, test as base, clientHeaders, hydrated, signInThroughUi } from './support/fixtures';
import { freePort, startApp, type AppServer } from './support/app-server';
import { startOidcProvider } from './support/oidc-provider';
import type { SmtpSink } from './support/smtp-sink';

const PROVIDER = 'Test Identity';

const test = base.extend<{ oidcApp: AppServer }>({
  oidcApp: async ({ sink }, use) => {
    const port = await freePort();
    const oidc = await startOidcProvider(`http://127.0.0.1:${port}`);
    const app = await startApp({
      PORT: String(port),
      EMAIL_SERVER: sink.url,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_NAME: PROVIDER,
    });
    await use(app);
    await app.stop();
    await oidc.close();
  },
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new person in a browser of their own: signed up with an email code, onboarded, on the account page. */
async function newPerson(browser: Browser, app: AppServer, sink: SmtpSink, email: string, name: string) {
  const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
  const page = await context.newPage();
  await page.goto('/login');
  await signInThroughUi(page, sink, email);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await page.getByLabel('What is your name?').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await page.goto('/app/account');
  await hydrated(page);
  return { context, page };
}

/** At the provider (a fresh browser: it asks for a login, then for consent). */
async function atProvider(page: Page, login: string) {
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

const methodsOf = (page: Page) => page.getByRole('region', { name: 'Sign-in methods' });
const providerRow = (page: Page) => methodsOf(page).getByRole('listitem').filter({ hasText: PROVIDER });

async function linkFromAccountPage(page: Page, login: string) {
  await providerRow(page)
    .getByRole('button', { name: `Link ${PROVIDER}` })
    .click();
  await atProvider(page, login);
}

test.describe('linked sign-in methods', () => {
  // These tests start servers of their own: give them room on a busy 2-core machine.
  test.describe.configure({ timeout: 180_000 });

  test('link the provider from the account page, sign in with it into the same account, unlink it', async ({
    browser,
    sink,
    oidcApp: app,
  }) => {
    const email = `linker.${unique()}@example.net`;
    // The identity's own address (…@oidc.example) is not the account's: it links all the same.
    const login = `linker-${unique()}`;
    const { context, page } = await newPerson(browser, app, sink, email, 'Lin Ker');

    const methods = methodsOf(page);
    const emailCode = methods.getByRole('listitem').filter({ hasText: 'Email code' });
    await expect(emailCode).toContainText(email);
    await expect(emailCode.getByRole('button')).toHaveCount(0);
    await expect(providerRow(page)).toContainText('Not linked');

    await linkFromAccountPage(page, login);
    await expect(page).toHaveURL(/\/app\/account$/);
    await hydrated(page);
    await expect(providerRow(page)).toContainText('Linked on');
    await expect(providerRow(page).getByRole('button', { name: `Unlink ${PROVIDER}` })).toBeEnabled();
    await expect(methods.getByRole('alert')).toHaveCount(0);
    const activity = page.getByTestId('security-activity');
    await expect(activity.getByRole('listitem').filter({ hasText: 'Sign-in method linked' })).toHaveCount(1);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByTestId('dialog').getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await context.close();

    // Another browser: the provider asks again, and its identity signs in to the same account.
    const later = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const again = await later.newPage();
    await again.goto('/login?redirect=%2Fapp%2Faccount');
    await hydrated(again);
    await again.getByRole('button', { name: `Continue with ${PROVIDER}` }).click();
    await atProvider(again, login);
    await expect(again).toHaveURL(/\/app\/account$/);
    await hydrated(again);
    await expect(again.getByTestId('account-email')).toHaveText(email);

    await providerRow(again)
      .getByRole('button', { name: `Unlink ${PROVIDER}` })
      .click();
    const dialog = again.getByRole('dialog', { name: `Unlink ${PROVIDER}?` });
    await expect(dialog).toContainText(`You will no longer be able to sign in with ${PROVIDER}.`);
    await dialog.getByRole('button', { name: 'Unlink' }).click();
    await expect(again.getByText(`${PROVIDER} unlinked`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(providerRow(again)).toContainText('Not linked');
    await expect(providerRow(again).getByRole('button', { name: `Link ${PROVIDER}` })).toBeEnabled();
    await expect(again.getByTestId('security-activity').getByRole('listitem').filter({ hasText: 'Sign-in method unlinked' })).toHaveCount(
      1,
    );
    await later.close();
  });

  test('refuses an identity linked to another account (translated) and one whose address the provider did not verify', async ({
    browser,
    sink,
    oidcApp: app,
  }) => {
    const login = `taken-${unique()}`;
    const first = await newPerson(browser, app, sink, `first.${unique()}@example.net`, 'First Person');
    await linkFromAccountPage(first.page, login);
    await expect(first.page).toHaveURL(/\/app\/account$/);
    await expect(providerRow(first.page)).toContainText('Linked on');
    await first.context.close();

    const second = await newPerson(browser, app, sink, `second.${unique()}@example.net`, 'Second Person');
    const page = second.page;
    await linkFromAccountPage(page, login);
    await expect(page).toHaveURL(/\/app\/account\?error=account_already_linked_to_different_user/);
    await hydrated(page);
    const alert = methodsOf(page).getByRole('alert');
    await expect(alert).toContainText('Social account already linked');
    await expect(alert).toContainText('This identity is already linked to another account.');
    await expect(providerRow(page)).toContainText('Not linked');
    // In the reader's language.
    await second.context.addCookies([{ name: 'i18next', value: 'fr', url: app.url }]);
    await page.reload();
    await hydrated(page);
    const inFrench = page.getByRole('region', { name: 'Méthodes de connexion' }).getByRole('alert');
    await expect(inFrench).toContainText('Compte social déjà associé');
    await inFrench.getByRole('button', { name: 'Fermer' }).click();
    await expect(page).toHaveURL(/\/app\/account$/);
    await expect(inFrench).toHaveCount(0);
    await second.context.close();

    // F1: the provider says it did not verify the address (here the person's own): not linked.
    const email = `third.${unique()}@example.net`;
    const third = await newPerson(browser, app, sink, email, 'Third Person');
    await linkFromAccountPage(third.page, `unverified:${email}`);
    await expect(third.page).toHaveURL(/\/app\/account\?error=email_not_verified/);
    await expect(methodsOf(third.page).getByRole('alert')).toContainText('Email address not verified');
    await expect(providerRow(third.page)).toContainText('Not linked');

    // Back to the app only: another site as the way back is refused.
    const elsewhere = await third.page.request.post('/api/auth/link-social', {
      data: { provider: 'oidc', callbackURL: 'https://example.org/' },
      headers: { Origin: app.url },
    });
    expect(elsewhere.status()).toBe(403);
    expect(((await elsewhere.json()) as { code: string }).code).toBe('INVALID_CALLBACK_URL');
    await third.context.close();
  });
});
