// As a slow phone or a browser without JavaScript meets it: nothing typed lost, no form field in a URL.
import type { Browser } from '@playwright/test';
import { USER, clientHeaders, expect, test } from './support/fixtures';
import type { AppServer } from './support/app-server';

const withoutJavaScript = (browser: Browser, app: AppServer) =>
  browser.newContext({ baseURL: app.url, javaScriptEnabled: false, extraHTTPHeaders: clientHeaders() });

test.describe('sign-in without JavaScript', () => {
  test('a new address signs up, enters the code and onboards, all by form posts', async ({ browser, app, sink }) => {
    const context = await withoutJavaScript(browser, app);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('not an address');
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Email is invalid')).toBeVisible();
    // What was typed is still there.
    await expect(page.getByLabel('Email')).toHaveValue('not an address');

    const email = `nojs.${Date.now()}@example.org`;
    await page.getByLabel('Email').fill(email);
    const since = Date.now();
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await expect(page).toHaveURL(new RegExp(`/login/verify\\?email=${encodeURIComponent(email).replace('.', '\\.')}`));

    // A wrong code: the spec's message, translated, on the same page.
    const code = await sink.waitForCode(email, since);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Sign-in code').fill(wrong);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Code is invalid')).toBeVisible();

    await page.getByLabel('Sign-in code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await page.getByLabel('What is your name?').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' })).toBeVisible();
    const session = (await (await page.request.get('/api/auth/get-session')).json()) as { user: { name: string; onboardedAt: string } };
    expect(session.user.name).toBe('Ada Lovelace');
    expect(session.user.onboardedAt).toBeTruthy();
    await context.close();
  });

  test('an invited address with no account gets back to the invitation through the code and the name, by form posts', async ({
    browser,
    app,
    sink,
    userPage,
    adminPage,
  }) => {
    const headers = { Origin: app.url };
    const stamp = Date.now().toString(36);
    const created = await userPage.request.post('/api/auth/organization/create', {
      data: { name: `No Script ${stamp}`, slug: `noscript-${stamp}` },
      headers,
    });
    expect(created.status()).toBe(200);
    const org = (await created.json()) as { id: string };
    const email = `invited.nojs.${stamp}@example.org`;
    const invited = await userPage.request.post('/api/auth/organization/invite-member', {
      data: { organizationId: org.id, email, role: 'member' },
      headers,
    });
    expect(invited.status()).toBe(200);
    const { id } = (await invited.json()) as { id: string };

    const context = await withoutJavaScript(browser, app);
    const page = await context.newPage();
    await page.goto(`/invitations/${id}`);
    await expect(page).toHaveURL(/\/login\?redirect=%2Finvitations%2F/);
    await page.getByLabel('Email').fill(email);
    const since = Date.now();
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await page.getByLabel('Sign-in code').fill(await sink.waitForCode(email, since));
    await page.getByRole('button', { name: 'Confirm' }).click();
    // The name first, on the invitation's own address; then the invitation.
    await expect(page).toHaveURL(new RegExp(`/invitations/${id}$`));
    await page.getByLabel('What is your name?').fill('Nora Noscript');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`/invitations/${id}$`));
    await expect(page.getByTestId('invitation-message')).toHaveText(`User invites you to join No Script ${stamp} as Member.`);
    await context.close();
    // The user's session is shared by the worker's tests: it leaves with no organisation again.
    // The manager's delete: the owner's asks for a sign-in of the last ten minutes (decision 102),
    // older than that for a worker's session late in a run.
    expect((await adminPage.request.delete(`/api/rpc/manager/organizations/${org.id}`, { headers })).status()).toBe(200);
  });

  test('an e-mail typed before the page is interactive is sent, not put in the URL', async ({ browser, app, sink }) => {
    const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const page = await context.newPage();
    // The scripts never arrive, as on a slow connection.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/login');
    const since = Date.now();
    await page.getByLabel('Email').fill(USER);
    await page.getByLabel('Email').press('Enter');
    await expect(page).toHaveURL(/\/login\/verify\?email=user%40example\.com/);
    expect(page.url()).not.toMatch(/\/login\?email=/);
    expect(await sink.waitForCode(USER, since)).toMatch(/^\w{6}$/);
    await context.close();
  });

  test('a refused sign-in says why: banned', async ({ browser, app }) => {
    const context = await withoutJavaScript(browser, app);
    const page = await context.newPage();
    await page.goto('/login/error?error=banned');
    await expect(page.getByRole('heading', { name: 'Unable to sign in' })).toBeVisible();
    await expect(page.getByText('You have been banned from this application')).toBeVisible();
    await context.close();
  });
});
