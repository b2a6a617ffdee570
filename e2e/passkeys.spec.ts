// Passkeys in a real browser (docs/decisions/067-passkeys.md), Chromium's virtual authenticator
// (DevTools protocol) standing in for the device. WebAuthn takes no IP address as its relying party,
// so this app is served at http://localhost:<port>, its BASE_URL, whose host the server makes the rpID.
import type { Page } from '@playwright/test';
import { freePort, startApp, type AppServer } from './support/app-server';
import { clientHeaders, expect, hydrated, setUpAuthenticator, signInThroughUi, test as base } from './support/fixtures';
import type { SmtpSink } from './support/smtp-sink';

const test = base.extend<{ localApp: { app: AppServer; url: string } }>({
  localApp: async ({ sink }, use) => {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const app = await startApp({ PORT: String(port), BASE_URL: url, EMAIL_SERVER: sink.url });
    await use({ app, url });
    await app.stop();
  },
});

/** A platform authenticator that keeps discoverable credentials and verifies the user without asking. */
async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    // Off: a request waits, as for a person who has not touched the device yet (the page's autofill
    // request would otherwise be answered at once); on: the next touch is given.
    presence: (enabled: boolean) => cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled }),
  };
}

/** A new account, signed up and onboarded through the pages. */
async function signUp(page: Page, sink: SmtpSink, prefix: string): Promise<string> {
  const email = `${prefix}.${Date.now()}${Math.floor(Math.random() * 1000)}@example.org`;
  await page.goto('/login');
  await signInThroughUi(page, sink, email);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await page.getByLabel('What is your name?').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/app$/);
  return email;
}

async function addPasskey(page: Page) {
  await page.goto('/app/account');
  await hydrated(page);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('No passkeys yet')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  // The toast (the security activity below lists the event too).
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Passkey added')).toBeVisible();
  return section;
}

async function signOut(page: Page) {
  await page.goto('/app/account');
  await hydrated(page);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByTestId('dialog').getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

const sessionUser = async (page: Page) =>
  ((await (await page.request.get('/api/auth/get-session')).json()) as { user?: unknown } | null)?.user;

test.describe('passkeys', () => {
  // A server of their own, and a sign-up each: room on a busy 2-core machine.
  test.describe.configure({ timeout: 180_000 });

  test('a new user adds a passkey, renames it, signs in with it, deletes it, and the deleted one no longer signs in', async ({
    browser,
    localApp,
    sink,
  }) => {
    const context = await browser.newContext({ baseURL: localApp.url, extraHTTPHeaders: clientHeaders() });
    // A browser without passkey autofill (the next test has it): only the button asks the device, so
    // the sign-in below is the button's. With autofill, the device could answer the page's waiting
    // request first (seen: 2 runs of 3 signed in that way while the click was under way).
    await context.addInitScript(() => {
      Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: undefined });
    });
    const page = await context.newPage();
    const authenticator = await addAuthenticator(page);
    await signUp(page, sink, 'passkey');

    // Added on the account page, named after the browser and system that made it.
    const section = await addPasskey(page);
    const row = section.getByTestId('passkey');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(/Chrome on Linux/);
    await expect(row).toContainText('Last used');
    await expect(row).toContainText('Never');
    const stored = await authenticator.credentials();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

    // Renamed.
    await section.getByRole('button', { name: 'Rename Chrome on Linux' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await expect(rename.getByLabel('Name')).toHaveValue('Chrome on Linux');
    await rename.getByLabel('Name').fill('Work laptop');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Passkey renamed')).toBeVisible();
    await expect(row).toContainText('Work laptop');

    // Signed out, then in again with "Sign in with a passkey": no email, no code.
    await signOut(page);
    await hydrated(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    // Signed in, at home.
    await expect(page).toHaveURL(/\/app$/);
    expect(await sessionUser(page)).toBeTruthy();

    // Its last use is on the account page now; deleting it asks first, naming it.
    await page.goto('/app/account');
    await hydrated(page);
    await expect(row).not.toContainText('Never');
    await section.getByRole('button', { name: 'Delete Work laptop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the passkey \u201c\u2068Work laptop\u2069\u201d?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Passkey deleted')).toBeVisible();
    await expect(section.getByText('No passkeys yet')).toBeVisible();

    // The device still holds it, but the app no longer knows it: refused, in the reader's language.
    expect(await authenticator.credentials()).toHaveLength(1);
    await signOut(page);
    await context.addCookies([{ name: 'i18next', value: 'fr', url: localApp.url }]);
    await page.goto('/login');
    await hydrated(page);
    await page.getByRole('button', { name: 'Se connecter avec une clé d\u2019accès' }).click();
    await expect(
      page.getByText('Cette clé d\u2019accès n\u2019est pas enregistrée ici. Connectez-vous avec un code reçu par e-mail.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await sessionUser(page)).toBeFalsy();
    await context.close();
  });

  test('the email field offers the passkey (autofill): picking it signs in', async ({ browser, localApp, sink }) => {
    const context = await browser.newContext({ baseURL: localApp.url, extraHTTPHeaders: clientHeaders() });
    const page = await context.newPage();
    const authenticator = await addAuthenticator(page);
    await signUp(page, sink, 'autofill');
    await addPasskey(page);
    await authenticator.presence(false);
    await signOut(page);
    await hydrated(page);

    // The conditional request waits for the person: nothing happens until the field is used.
    const email = page.getByLabel('Email');
    await expect(email).toHaveAttribute('autocomplete', 'username webauthn');
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/login$/);
    // Chromium's virtual device answers a waiting conditional request made while it gives presence,
    // as the person picking the suggestion would: the page loaded again asks with it on.
    await authenticator.presence(true);
    await page.reload();
    await expect(page).toHaveURL(/\/app$/);
    expect(await sessionUser(page)).toBeTruthy();
    await context.close();
  });

  test('with a second factor on, a passkey at the step after the e-mail code signs in in place of the app code', async ({
    browser,
    localApp,
    sink,
  }) => {
    const context = await browser.newContext({ baseURL: localApp.url, extraHTTPHeaders: clientHeaders() });
    // Only the step's button asks the device (see the first test).
    await context.addInitScript(() => {
      Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: undefined });
    });
    const page = await context.newPage();
    await addAuthenticator(page);
    const email = await signUp(page, sink, 'stepkey');
    await addPasskey(page);
    await setUpAuthenticator(page);

    await signOut(page);
    await signInThroughUi(page, sink, email);
    await expect(page).toHaveURL(/\/login\/two-factor/);
    expect(await sessionUser(page)).toBeFalsy();
    await hydrated(page);
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await expect(page).toHaveURL(/\/app$/);
    expect(await sessionUser(page)).toMatchObject({ email, twoFactorEnabled: true });
    await context.close();
  });
});
