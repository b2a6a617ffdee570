import { expect, request as playwrightRequest, test as base, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { startApp, type AppServer } from './app-server';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { totpCode } from '../../tests/support/totp.ts';

export const ADMIN = 'admin@example.com';
export const USER = 'user@example.com';

export type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

let nextClient = 1;
/**
 * Each test gets its own rate-limit counters (the server trusts X-Forwarded-For from loopback), and its
 * own network: the code quota counts an IPv4 /24 as one client (docs/decisions/078-sign-in-codes-an-outsider-cannot-spend.md).
 */
export const clientHeaders = () => {
  const n = nextClient++;
  return { 'X-Forwarded-For': `198.${18 + (Math.floor(n / 256) % 2)}.${n % 256}.${(Math.floor(n / 512) % 250) + 1}` };
};

/** The root sets `data-hydrated` once its handlers are attached. */
export const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

/**
 * The manager's command palette by its shortcut. The listener is the section layout's effect, which may attach
 * after the root's (the layout hydrates with its route's chunk): pressed again until the palette is open.
 */
export async function openPalette(page: Page) {
  const palette = page.getByTestId('command-palette');
  await expect(async () => {
    if (!(await palette.isVisible())) await page.keyboard.press('Control+k');
    await expect(palette).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  return palette;
}

/**
 * An operation of the API reference. Swagger UI virtualises a reference of 150 rows or more (tags and operations):
 * only what is near the window is rendered, so the page is scrolled until the operation is.
 */
export async function apiOperation(page: Page, path: string, method = 'get') {
  const operation = page.locator(`.opblock-${method}`).filter({ has: page.locator(`[data-path="${path}"]`) });
  await expect(async () => {
    if ((await operation.count()) === 0) await page.mouse.wheel(0, 600);
    await expect(operation.first()).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  await operation.first().scrollIntoViewIfNeeded();
  return operation.first();
}

/** On the sign-in page already open, typed as a person would. What follows the code is the caller's. */
export async function signInThroughUi(page: Page, sink: SmtpSink, email: string) {
  await hydrated(page);
  const since = Date.now();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in with email' }).click();
  await expect(page).toHaveURL(/\/login\/verify\?/);
  const code = await sink.waitForCode(email, since);
  await page.getByLabel('Sign-in code').pressSequentially(code);
}

/**
 * On the account page: an authenticator app set up by typing the secret the page shows into one
 * (tests/support/totp.ts computes its codes), the recovery codes dismissed. The secret, for later codes.
 */
export async function setUpAuthenticator(page: Page): Promise<string> {
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  const secret = (await dialog.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '');
  await dialog.getByLabel('Code from the app').fill(totpCode(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('dialog', { name: 'Your recovery codes' }).getByRole('button', { name: 'Done' }).click();
  await expect(section.getByTestId('two-factor-status')).toHaveText('On');
  return secret;
}

export async function signInViaApi(request: APIRequestContext, app: AppServer, sink: SmtpSink, email: string) {
  const since = Date.now();
  const headers = { Origin: app.url };
  const sent = await request.post(`${app.url}/api/auth/email-otp/send-verification-otp`, { data: { email, type: 'sign-in' }, headers });
  if (!sent.ok()) throw new Error(`send code: ${sent.status()} ${await sent.text()}`);
  const otp = await sink.waitForCode(email, since);
  const signedIn = await request.post(`${app.url}/api/auth/sign-in/email-otp`, { data: { email, otp }, headers });
  if (!signedIn.ok()) throw new Error(`sign in: ${signedIn.status()} ${await signedIn.text()}`);
  return signedIn;
}

async function sessionState(app: AppServer, sink: SmtpSink, email: string): Promise<StorageState> {
  const request = await playwrightRequest.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
  await signInViaApi(request, app, sink, email);
  const state = await request.storageState();
  await request.dispose();
  return state;
}

async function pageWith(browser: Browser, app: AppServer, state: StorageState, use: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL: app.url, storageState: state, extraHTTPHeaders: clientHeaders() });
  const page = await context.newPage();
  await use(page);
  await context.close();
}

/**
 * A worker's sessions for the seeded admin and user, signed in again before a test once they are older than
 * eight minutes: a sensitive action asks for a sign-in of the last ten (src/server/recent-sign-in.ts), and a
 * worker outlives that late in a run. A test of the stale case makes its own old session.
 */
function sessionKeeper(app: AppServer, sink: SmtpSink) {
  const RENEW_AFTER_MS = 8 * 60_000;
  const kept = new Map<string, { state: StorageState; at: number }>();
  return async (email: string) => {
    const known = kept.get(email);
    if (known && Date.now() - known.at < RENEW_AFTER_MS) return known.state;
    const fresh = { at: Date.now(), state: await sessionState(app, sink, email) };
    kept.set(email, fresh);
    return fresh.state;
  };
}

/** Per worker: an SMTP sink, a production server on a fresh embedded database, sessions for the seeded admin and user. */
export const test = base.extend<
  { app: AppServer; sink: SmtpSink; adminPage: Page; userPage: Page; adminState: StorageState; userState: StorageState },
  { smtpSink: SmtpSink; appServer: AppServer; sessions: (email: string) => Promise<StorageState> }
>({
  smtpSink: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
    async ({}, use) => {
      const sink = await startSmtpSink();
      await use(sink);
      await sink.close();
    },
    { scope: 'worker' },
  ],
  appServer: [
    async ({ smtpSink }, use) => {
      const server = await startApp({ EMAIL_SERVER: smtpSink.url });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  sessions: [async ({ appServer, smtpSink }, use) => use(sessionKeeper(appServer, smtpSink)), { scope: 'worker' }],
  adminState: async ({ sessions }, use) => use(await sessions(ADMIN)),
  userState: async ({ sessions }, use) => use(await sessions(USER)),
  app: async ({ appServer }, use) => use(appServer),
  sink: async ({ smtpSink }, use) => use(smtpSink),
  baseURL: async ({ appServer }, use) => use(appServer.url),
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
  extraHTTPHeaders: async ({}, use) => use(clientHeaders()),
  adminPage: async ({ browser, appServer, adminState }, use) => pageWith(browser, appServer, adminState, use),
  userPage: async ({ browser, appServer, userState }, use) => pageWith(browser, appServer, userState, use),
});

export { expect } from '@playwright/test';
