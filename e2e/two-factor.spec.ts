// Two-factor authentication as a person uses it (docs/decisions/094-a-second-factor-on-every-way-in.md): set up
// from the account page by typing the secret it shows into an "authenticator" (tests/support/totp.ts computes the
// codes from that secret with node:crypto), then a sign-in by e-mail code that reaches nothing until the app's code;
// a browser trusted for 30 days, then revoked from the account page.
import type { APIRequestContext, Locator } from '@playwright/test';
import { startApp } from './support/app-server';
import { clientHeaders, expect, hydrated, setUpAuthenticator, signInThroughUi, signInViaApi, test } from './support/fixtures';
import { secretOf, totpCode } from '../tests/support/totp.ts';

test.describe('two-factor authentication', () => {
  test('set up from the account page, then asked for after the e-mail code before any page or API answers', async ({ page, sink }) => {
    // Two sign-ins and a set-up: more than one page's worth of steps.
    test.slow();
    const email = `tfa.${Date.now()}${Math.floor(Math.random() * 1000)}@example.org`;
    await page.goto('/login');
    await signInThroughUi(page, sink, email);
    await page.getByLabel('What is your name?').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/app$/);

    await page.goto('/app/account');
    await hydrated(page);
    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    await expect(section.getByTestId('two-factor-status')).toHaveText('Off');
    await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const setUp = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await expect(setUp.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await setUp.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);

    // A wrong code is refused; the app's code turns it on and shows the recovery codes once.
    const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
    await setUp.getByLabel('Code from the app').fill(wrong);
    await setUp.getByRole('button', { name: 'Turn on' }).click();
    await expect(setUp.getByText('Invalid code')).toBeVisible();
    const first = totpCode(secret);
    await setUp.getByLabel('Code from the app').fill(first);
    await setUp.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
    await expect(codes.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await codes.getByRole('button', { name: 'Done' }).click();
    await expect(section.getByTestId('two-factor-status')).toHaveText('On');

    // Signed out, then in again with the e-mail code: the second step, and nothing else.
    await page.context().clearCookies();
    await page.goto('/login');
    await signInThroughUi(page, sink, email);
    await expect(page).toHaveURL(/\/login\/two-factor/);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await page.goto('/app/books');
    await expect(page).toHaveURL((url) => url.pathname === '/login/two-factor' && url.searchParams.get('redirect') === '/app/books');
    const books = await page.request.get('/api/rpc/books');
    expect(books.status()).toBe(401);
    expect((await books.json()) as unknown).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });

    // The code that turned it on is spent; the next one signs in and goes where the person was going.
    await hydrated(page);
    await page.getByLabel('Trust this browser for 30 days').check();
    await page.getByLabel('Authentication code').pressSequentially(first);
    await expect(page.getByText('Invalid code')).toBeVisible();
    await page.getByLabel('Authentication code').pressSequentially(totpCode(secret, 1));
    await expect(page).toHaveURL(/\/app\/books$/);
    expect((await page.request.get('/api/rpc/books')).status()).toBe(200);

    // Signed out with the trust kept: this browser's e-mail code alone signs in.
    const context = page.context();
    const trust = (await context.cookies()).filter((cookie) => cookie.name.endsWith('trust_device'));
    expect(trust).toHaveLength(1);
    const signOut = async () => {
      const kept = (await context.cookies()).filter((cookie) => cookie.name.endsWith('trust_device'));
      await context.clearCookies();
      await context.addCookies(kept);
    };
    await signOut();
    await page.goto('/login');
    await signInThroughUi(page, sink, email);
    await expect(page).toHaveURL(/\/app$/);

    // The account page lists it as this browser; revoked, the next sign-in asks for the code again.
    await page.goto('/app/account');
    await hydrated(page);
    const trusted = page.getByRole('list', { name: 'Trusted browsers' });
    await expect(trusted.getByTestId('trusted-device')).toHaveCount(1);
    await expect(trusted.getByTestId('trusted-device')).toContainText('This browser');
    await trusted.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog', { name: 'Stop trusting this browser?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Browser no longer trusted')).toBeVisible();
    await expect(trusted).toHaveCount(0);
    await signOut();
    await page.goto('/login');
    await signInThroughUi(page, sink, email);
    await expect(page).toHaveURL(/\/login\/two-factor/);
  });

  test('the second step by form posts, without JavaScript: a wrong code told on the page, then a recovery code', async ({
    browser,
    app,
    sink,
  }) => {
    const email = `tfa.nojs.${Date.now().toString(36)}@example.org`;
    // Set up as the account page does, over the API.
    const setUp = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: { ...clientHeaders(), Origin: app.url } });
    await signInViaApi(setUp.request, app, sink, email);
    const { secret, recoveryCodes } = await enableAuthenticator(setUp.request);
    await setUp.close();

    const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false, extraHTTPHeaders: clientHeaders() });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    const since = Date.now();
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await page.getByLabel('Sign-in code').fill(await sink.waitForCode(email, since));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/login\/two-factor/);
    // The code field the page shows without JavaScript: a plain input, posted with the form.
    const code = page.locator('input[name="code"][inputmode="numeric"]');
    await code.fill(totpCode(secret) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/login\/two-factor/);
    await expect(page.getByText('Invalid code')).toBeVisible();
    // The disclosure's chevron points along the reading direction, and down once open: right in English, left in Arabic.
    const toggle = page.getByText('Lost your device? Use a recovery code');
    expect(await chevronPoints(toggle.locator('svg'))).toBe('right');
    await context.addCookies([{ name: 'i18next', value: 'ar', url: app.url }]);
    await page.goto('/login/two-factor');
    const arabicToggle = page.locator('summary');
    expect(await chevronPoints(arabicToggle.locator('svg'))).toBe('left');
    await arabicToggle.click();
    await expect(page.locator('details')).toHaveAttribute('open', '');
    await expect.poll(() => chevronPoints(arabicToggle.locator('svg'))).toBe('down');
    await context.addCookies([{ name: 'i18next', value: 'en', url: app.url }]);
    await page.goto('/login/two-factor');
    // A recovery code, from the list shown once at set-up.
    await toggle.click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Use this recovery code' }).click();
    await expect(page).toHaveURL(/\/app$/);
    expect((await page.request.get('/api/rpc/books?limit=1')).status()).toBe(200);
    await context.close();
  });

  test('AUTH_TWO_FACTOR=admins: an administrator is taken to the set-up and the API refuses them until it is on', async ({
    browser,
    sink,
  }) => {
    test.slow();
    const app = await startApp({ AUTH_TWO_FACTOR: 'admins', EMAIL_SERVER: sink.url });
    try {
      const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
      const page = await context.newPage();
      await page.goto('/login');
      await signInThroughUi(page, sink, 'admin@example.com');
      await expect(page).toHaveURL(/\/manager\/account#two-factor$/);
      await page.goto('/manager/users');
      await expect(page).toHaveURL(/\/manager\/account#two-factor$/);
      const users = await page.request.get('/api/rpc/users');
      expect(users.status()).toBe(403);
      expect(await users.json()).toMatchObject({ code: 'TWO_FACTOR_SETUP_REQUIRED' });

      await hydrated(page);
      await setUpAuthenticator(page);
      await page.goto('/manager/users');
      await expect(page).toHaveURL(/\/manager\/users$/);
      expect((await page.request.get('/api/rpc/users')).status()).toBe(200);
      await context.close();
    } finally {
      await app.stop();
    }
  });
});

/** Where a right-pointing chevron points once its rotate and scale apply (rotate after scale, as CSS composes them). */
function chevronPoints(icon: Locator) {
  return icon.evaluate((el) => {
    const style = getComputedStyle(el);
    const [sx = 1, sy = sx] = style.scale === 'none' ? [] : style.scale.split(' ').map(Number);
    const degrees = style.rotate === 'none' ? 0 : Number.parseFloat(style.rotate);
    const tip = new DOMMatrix().rotate(degrees).scale(sx, sy).transformPoint({ x: 1, y: 0 });
    if (Math.abs(tip.x) > Math.abs(tip.y)) return tip.x > 0 ? 'right' : 'left';
    return tip.y > 0 ? 'down' : 'up';
  });
}

/** The account page's set-up, over the API: the secret and the recovery codes, confirmed by a first code. */
async function enableAuthenticator(request: APIRequestContext) {
  const started = await request.post('/api/auth/two-factor/enable', { data: {} });
  expect(started.status()).toBe(200);
  const { totpURI, backupCodes } = (await started.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretOf(totpURI);
  expect((await request.post('/api/auth/two-factor/verify-totp', { data: { code: totpCode(secret) } })).status()).toBe(200);
  return { secret, recoveryCodes: backupCodes };
}
