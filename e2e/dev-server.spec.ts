// The first thing a forker runs. The server runs from a copy of the project: the test edits files.
import { expect, test, type Page } from '@playwright/test';
import { startDevServer, type DevServer } from './support/dev-server';

const USER = 'user@example.com';
/** Vite transforms each module on first request: on a busy 2-core machine the first hydration once took over 10 s. */
const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 60_000 });

async function codeFromMailbox(page: Page, email: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    await page.goto('/devtools/mailbox');
    await expect(page.getByRole('heading', { name: 'Development mailbox' })).toBeVisible();
    const newest = page
      .getByRole('article')
      .filter({ hasText: `To: ${email}` })
      .first();
    // The code stands alone on its own line in the plain-text part.
    code = /^\s*(\d{6})\s*$/m.exec(await newest.locator('pre').innerText())?.[1];
    expect(code).toBeTruthy();
  }).toPass({ timeout: 60_000 });
  return code!;
}

test.describe('npm run dev', () => {
  // Vite transforms every module on first request: slow on a busy 2-core machine.
  test.describe.configure({ timeout: 300_000 });
  let dev: DevServer | undefined;
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
  test.afterEach(async ({}, testInfo) => {
    if (dev && testInfo.status !== testInfo.expectedStatus) await testInfo.attach('npm run dev output', { body: dev.output() });
    await dev?.stop();
    dev = undefined;
  });

  test('serves a hydrated /login, signs in with the mailbox code, and hot-reloads a page and a server module', async ({ browser }) => {
    dev = await startDevServer();
    const health = await fetch(`${dev.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    const context = await browser.newContext({ baseURL: dev.url });
    const page = await context.newPage();
    await page.goto('/login');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Sign in or sign up' })).toBeVisible();

    // A page edit shows in the open page, through hot module replacement: no reload, no restart.
    await page.evaluate(() => ((window as unknown as { beforeEdit: boolean }).beforeEdit = true));
    dev.edit('src/features/auth/page-login.tsx', "t('login.titleSignUp')", "'Edited while the server runs'");
    await expect(page.getByRole('heading', { name: 'Edited while the server runs' })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { beforeEdit?: boolean }).beforeEdit)).toBe(true);

    // Sign-in with the code from the development mailbox.
    await page.getByLabel('Email').fill(USER);
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    // The first auth call loads Better Auth through Vite's transforms: seconds, not ms.
    await expect(page).toHaveURL(/\/login\/verify\?/, { timeout: 60_000 });
    const mailbox = await context.newPage();
    const code = await codeFromMailbox(mailbox, USER);
    await page.getByLabel('Sign-in code').pressSequentially(code);
    await expect(page).toHaveURL(/\/app$/, { timeout: 30_000 });
    await hydrated(page);

    // A server module edit answers the next request.
    dev.edit('src/server/health.ts', ": { status: 'ok' }, {", ": { status: 'ok', edited: true }, {");
    await expect(async () => expect(await (await fetch(`${dev!.url}/api/health`)).json()).toEqual({ status: 'ok', edited: true })).toPass({
      timeout: 30_000,
    });
    // Same process, database (opened once) and mailbox: the session holds and the code is still listed.
    expect(dev.running()).toBe(true);
    expect(dev.output().match(/ready on/g)).toHaveLength(1);
    expect(dev.output().match(/"database":"pglite"/g)).toHaveLength(1);
    const listed = (await (await fetch(`${dev.url}/devtools/mailbox?format=json`)).json()) as Array<{ to: string; text: string }>;
    expect(listed.find((m) => m.to === USER)?.text).toContain(code);
    const session = await page.request.get('/api/auth/get-session');
    expect(((await session.json()) as { user?: { email: string } }).user?.email).toBe(USER);
    await context.close();
  });
});
