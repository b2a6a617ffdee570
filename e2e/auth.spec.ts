import type { Page } from '@playwright/test';
import frAuth from '../src/locales/fr/auth.json' with { type: 'json' };
import frAuthErrors from '../src/locales/fr/authErrors.json' with { type: 'json' };
import { ADMIN, USER, clientHeaders, expect, signInViaApi, test, hydrated, signInThroughUi } from './support/fixtures';
import { startApp } from './support/app-server';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { identity } from '#/lib/identity.ts';

async function signInFrom(page: Page, sink: SmtpSink, email: string, path = '/login') {
  await page.goto(path);
  await signInThroughUi(page, sink, email);
}

async function sessionUser(page: Page) {
  const res = await page.request.get('/api/auth/get-session');
  return (
    ((await res.json()) as { user?: { email: string; name: string; onboardedAt: string | null; emailVerified: boolean } } | null)?.user ??
    null
  );
}

test.describe('sign-in by e-mail code', () => {
  test('a new e-mail signs up, onboards with a name and lands in the app', async ({ page, sink }) => {
    const email = `new.${Date.now()}@example.org`;
    await signInFrom(page, sink, email);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(page.getByText("Let's personalize your experience")).toBeVisible();
    // The address in Unicode isolates for right-to-left pages.
    // The spec's exact string.
    await expect(page.getByText(`Logged with \u2068${email}\u2069`)).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await page.getByLabel('What is your name?').fill('<b>');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Name is invalid')).toBeVisible();
    await page.getByLabel('What is your name?').fill('Grace Hopper');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Welcome Grace Hopper')).toBeVisible();
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Grace Hopper' })).toBeVisible();

    const user = await sessionUser(page);
    expect(user).toMatchObject({ email, name: 'Grace Hopper', emailVerified: true });
    expect(Date.parse(user!.onboardedAt!)).toBeGreaterThan(Date.now() - 60_000);

    // Translated, with the lifetime from AUTH_OTP_EXPIRATION_MINUTES (5).
    const mail = await sink.waitForMail(email);
    expect(mail.subject).toBe(`Your ${identity.name} sign-in code`);
    expect(mail.text).toContain('This code expires in 5 minutes.');
  });

  test('the admin lands in the manager, the user in the app', async ({ page, sink, browser, app }) => {
    await signInFrom(page, sink, ADMIN);
    await expect(page).toHaveURL(/\/manager\/dashboard$/);
    const other = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const userPage = await other.newPage();
    await signInFrom(userPage, sink, 'dalia.okafor@example.com');
    await expect(userPage).toHaveURL(/\/app$/);
    await other.close();
  });

  test('a guarded visit goes to /login with redirect and comes back after sign-in; outside redirects are refused', async ({
    page,
    sink,
    browser,
    app,
  }) => {
    const res = await page.request.get('/app/account', { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(res.headers()['location']).toBe('/login?redirect=%2Fapp%2Faccount');
    await page.goto('/app/account');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fapp%2Faccount$/);
    // No flash of protected content: the server answered with the redirect, not the page.
    const email = 'emile.martin@example.com';
    await signInFrom(page, sink, email, page.url());
    await expect(page).toHaveURL(/\/app\/account$/);
    await expect(page.getByTestId('account-email')).toHaveText(email);

    const other = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const p2 = await other.newPage();
    await signInFrom(p2, sink, email, '/login?redirect=https%3A%2F%2Fevil.example%2F');
    await expect(p2).toHaveURL(new RegExp(`^${app.url}/app$`));
    await other.close();
  });

  test('after sign-in, going back to the code page lands home', async ({ page, sink }) => {
    await signInFrom(page, sink, USER);
    await expect(page).toHaveURL(/\/app$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByLabel('Sign-in code')).toHaveCount(0);
  });

  test('a signed-in visit to /login goes home', async ({ userPage }) => {
    await userPage.goto('/login');
    await expect(userPage).toHaveURL(/\/app$/);
  });

  test('shows every validation message', async ({ page }) => {
    await page.goto('/login');
    await hydrated(page);
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await expect(page.getByText('Email is invalid')).toBeVisible();

    await page.goto('/login/verify?email=nobody%40example.com');
    await hydrated(page);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Code is required')).toBeVisible();
    await page.getByLabel('Sign-in code').pressSequentially('123');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Code should be 6 characters')).toBeVisible();
    await page.reload();
    await hydrated(page);
    await page.getByLabel('Sign-in code').pressSequentially('12 4!x');
    await expect(page.getByText('Code is invalid')).toBeVisible();

    // An invalid e-mail param sends the visitor back to /login.
    await page.goto('/login/verify?email=nope');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong code shows the translated message; after 3 wrong tries the right code is refused', async ({ page, sink, app }) => {
    const email = 'amina.mwangi@example.com';
    const since = Date.now();
    await page.goto(`/login?lng=fr`);
    await hydrated(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: /e-mail/i }).click();
    await expect(page).toHaveURL(/\/login\/verify/);
    const code = await sink.waitForCode(email, since);
    // The e-mail speaks the language cookie of the request.
    expect((await sink.waitForMail(email, since)).subject).toBe(frAuth.email.subject.replace('{{appName}}', identity.name));
    const wrong = code === '000000' ? '111111' : '000000';
    // By its label: /login (and its e-mail field) may still be on screen when the URL changes.
    await page.getByLabel(frAuth.verify.code).pressSequentially(wrong);
    // The field's alert, not the toaster's live region.
    await expect(page.locator('form [role="alert"]')).toHaveText(frAuthErrors.INVALID_OTP);
    // The emptied field has the focus again (its caret shows): the next code is typed straight in.
    await expect(page.getByLabel(frAuth.verify.code)).toBeFocused();
    await expect(page.getByLabel(frAuth.verify.code)).toHaveValue('');
    // Three wrong tries per code (one above, two here); the next try is refused and the code is gone.
    for (let i = 0; i < 2; i++) {
      const res = await page.request.post('/api/auth/sign-in/email-otp', { data: { email, otp: wrong }, headers: { Origin: app.url } });
      expect(res.status()).toBe(400);
    }
    const blocked = await page.request.post('/api/auth/sign-in/email-otp', { data: { email, otp: code }, headers: { Origin: app.url } });
    expect(blocked.status()).toBe(403);
    expect(await blocked.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    const after = await page.request.post('/api/auth/sign-in/email-otp', { data: { email, otp: code }, headers: { Origin: app.url } });
    expect(after.status()).toBe(400);
    expect(await sessionUser(page)).toBeNull();
  });

  test('sign-out asks for confirmation, then returns to /login', async ({ browser, app, sink }) => {
    const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const page = await context.newPage();
    await signInFrom(page, sink, 'fatma.benali@example.com');
    await expect(page).toHaveURL(/\/app$/);
    await page.goto('/app/account');
    await hydrated(page);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByText('Do you really want to sign out?')).toBeVisible();
    await page.getByTestId('dialog').getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await sessionUser(page)).toBeNull();
    await page.goto('/app');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fapp$/);
    await context.close();
  });

  test('a banned user cannot sign in and loses existing sessions', async ({ adminPage, browser, app, sink }) => {
    const email = 'bruno.dupont@example.com';
    const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const page = await context.newPage();
    await signInViaApi(page.request, app, sink, email);
    expect(await sessionUser(page)).toMatchObject({ email });

    const list = await adminPage.request.get(`/api/auth/admin/list-users?searchValue=${encodeURIComponent(email)}&searchField=email`);
    const { users } = (await list.json()) as { users: Array<{ id: string }> };
    const banned = await adminPage.request.post('/api/auth/admin/ban-user', {
      data: { userId: users[0]!.id, banReason: 'test' },
      headers: { Origin: app.url },
    });
    expect(banned.status()).toBe(200);

    expect(await sessionUser(page)).toBeNull();
    // Refused at the send step: no code is e-mailed to a banned account.
    const since = Date.now();
    const res = await page.request.post('/api/auth/email-otp/send-verification-otp', {
      data: { email, type: 'sign-in' },
      headers: { Origin: app.url },
    });
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'BANNED_USER', message: 'You have been banned from this application' });
    // Give a stray message a second to arrive: there is none.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(sink.messages.filter((m) => m.to.includes(email) && m.receivedAt >= since)).toEqual([]);
    await context.close();
  });
});

test.describe('the sign-in pages', () => {
  test('switch language (links that also work before hydration, the e-mail kept) and theme', async ({ page }) => {
    // Before hydration: a link, the page asked for again in that language, its search params kept.
    const res = await page.request.get('/login/verify?email=someone%40example.org&lng=ar');
    const html = await res.text();
    expect(html).toContain('href="?email=someone%40example.org&amp;lng=fr"');

    await page.goto('/login/verify?email=someone%40example.org');
    await hydrated(page);
    const languages = page.getByRole('navigation', { name: 'Language' });
    await languages.getByRole('link', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(frAuth.verify.title);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page).toHaveURL(/\/login\/verify\?email=someone%40example\.org$/);
    // Kept: the next page opens in French.
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^${frAuth.login.title}`));

    const themes = page.getByRole('group', { name: 'Thème' });
    await themes.getByRole('button', { name: 'Sombre' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(themes.getByRole('button', { name: 'Sombre' })).toHaveAttribute('aria-pressed', 'true');
    await themes.getByRole('button', { name: 'Clair' }).click();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
  });
});

test.describe('failures show their translated message and lose nothing', () => {
  test('onboarding, change of name and sign-out each report a failed call', async ({ browser, app, sink }) => {
    const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const page = await context.newPage();
    await signInViaApi(page.request, app, sink, `failing.${Date.now()}@example.org`);
    await page.goto('/app');
    await hydrated(page);
    // A press before the form hydrates posts it to the server, which the route below would not see.
    await expect(page.locator('form[action="/login/onboarding"]')).toHaveAttribute('data-hydrated', 'true');
    await page.route('**/api/auth/update-user', (route) => route.abort());
    await page.getByLabel('What is your name?').fill('Alan Turing');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Your onboarding failed due to an unexpected error')).toBeVisible();
    await expect(page.getByLabel('What is your name?')).toHaveValue('Alan Turing');
    await page.unroute('**/api/auth/update-user');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Welcome Alan Turing')).toBeVisible();

    await page.goto('/app/account?state=change-name');
    await hydrated(page);
    await page.route('**/api/auth/update-user', (route) => route.abort());
    const dialog = page.getByTestId('dialog');
    await dialog.getByLabel('Name').fill('Alan M. Turing');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Failed to update your name')).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue('Alan M. Turing');

    await page.keyboard.press('Escape');
    await page.route('**/api/auth/sign-out', (route) => route.abort());
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByTestId('dialog').getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByText('Failed to Sign Out')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/account/);
    await context.close();
  });
});

test.describe('sections and permissions', () => {
  test('a user gets the 403 page (status 403) in the manager; an admin reaches both sections', async ({ userPage, adminPage }) => {
    const res = await userPage.request.get('/manager/dashboard');
    expect(res.status()).toBe(403);
    expect(await res.text()).toContain('You don&#x27;t have access to this page');
    await userPage.goto('/manager/dashboard');
    await expect(userPage.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
    await adminPage.goto('/manager/dashboard');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await adminPage.goto('/app');
    await expect(adminPage.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  });
});

test.describe('account', () => {
  test('changing the name in the drawer persists after reload', async ({ browser, app, sink }) => {
    const email = 'chloe.haddad@example.com';
    const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const page = await context.newPage();
    await signInViaApi(page.request, app, sink, email);
    await page.goto('/app/account');
    await hydrated(page);
    await page.getByRole('button', { name: 'Change name' }).click();
    await expect(page).toHaveURL(/state=change-name/);
    const dialog = page.getByTestId('dialog');
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByLabel('Name').fill('Chloé Renamed');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Name updated')).toBeVisible();
    await expect(page).not.toHaveURL(/state=/);
    await page.reload();
    await expect(page.getByTestId('account-name')).toHaveText('Chloé Renamed');
    expect(await sessionUser(page)).toMatchObject({ name: 'Chloé Renamed' });
    await context.close();
  });
});

test.describe('configuration variants', () => {
  // These tests start servers of their own: give them room on a busy 2-core machine.
  test.describe.configure({ timeout: 180_000 });
  test('ADMIN_USER_IDS always have admin rights', async ({ browser }) => {
    const sink = await startSmtpSink();
    const email = 'gabriel.njoroge@example.com';
    const first = await startApp({ EMAIL_SERVER: sink.url });
    let id: string;
    try {
      const context = await browser.newContext({ baseURL: first.url, extraHTTPHeaders: clientHeaders() });
      await signInViaApi(context.request, first, sink, ADMIN);
      const list = await context.request.get(`/api/auth/admin/list-users?searchValue=${encodeURIComponent(email)}&searchField=email`);
      id = ((await list.json()) as { users: Array<{ id: string; role: string }> }).users[0]!.id;
      await context.close();
    } finally {
      await first.stop();
    }
    const second = await startApp({ EMAIL_SERVER: sink.url, DATA_DIR: first.dataDir, ADMIN_USER_IDS: `someone-else, ${id}` });
    try {
      const context = await browser.newContext({ baseURL: second.url, extraHTTPHeaders: clientHeaders() });
      await signInViaApi(context.request, second, sink, email);
      expect((await context.request.get('/manager/dashboard')).status()).toBe(200);
      // Signing in through the page lands such a user in the manager, like any admin.
      const page = await context.newPage();
      await page.goto('/app/account');
      await hydrated(page);
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.getByTestId('dialog').getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page).toHaveURL(/\/login$/);
      await signInFrom(page, sink, email);
      await expect(page).toHaveURL(/\/manager\/dashboard$/);
      expect((await context.request.get('/api/auth/admin/list-users')).status()).toBe(200);
      await context.close();
    } finally {
      await second.stop();
      await sink.close();
    }
  });

  test('signup disabled: the login-only variant, unknown e-mails get no account', async ({ browser }) => {
    const sink = await startSmtpSink();
    const server = await startApp({ EMAIL_SERVER: sink.url, AUTH_SIGNUP_ENABLED: 'false' });
    try {
      const context = await browser.newContext({ baseURL: server.url, extraHTTPHeaders: clientHeaders() });
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
      const unknown = 'stranger@example.org';
      const sent = await page.request.post('/api/auth/email-otp/send-verification-otp', {
        data: { email: unknown, type: 'sign-in' },
        headers: { Origin: server.url },
      });
      expect(sent.status()).toBe(200);
      await new Promise((r) => setTimeout(r, 500));
      expect(sink.messages.filter((m) => m.to.includes(unknown))).toHaveLength(0);
      // Known accounts still sign in.
      await signInViaApi(page.request, server, sink, USER);
      expect(await sessionUser(page)).toMatchObject({ email: USER });
      await page.goto('/login/error?error=signup_disabled');
      await expect(page.getByRole('heading', { name: 'Account not found' })).toBeVisible();
      await expect(page.getByText('You need an account to login')).toBeVisible();
      await context.close();
    } finally {
      await server.stop();
      await sink.close();
    }
  });

  test('an expired code is refused with the translated message; sending is rate-limited with 429', async ({ browser }) => {
    const sink = await startSmtpSink();
    const server = await startApp({ EMAIL_SERVER: sink.url, AUTH_OTP_EXPIRATION_MINUTES: '0.05' });
    try {
      const context = await browser.newContext({ baseURL: server.url, extraHTTPHeaders: clientHeaders() });
      const page = await context.newPage();
      const since = Date.now();
      await page.goto('/login');
      await hydrated(page);
      await page.getByLabel('Email').fill(USER);
      await page.getByRole('button', { name: 'Sign in with email' }).click();
      const code = await sink.waitForCode(USER, since);
      await page.waitForTimeout(3500);
      await page.getByLabel('Sign-in code').pressSequentially(code);
      await expect(page.getByRole('alert').filter({ hasText: 'The code has expired. Ask for a new one.' })).toBeVisible();

      const send = async (email: string, ip: Record<string, string>) => {
        const res = await page.request.post('/api/auth/email-otp/send-verification-otp', {
          data: { email, type: 'sign-in' },
          headers: { Origin: server.url, ...ip },
        });
        if (res.status() === 429)
          expect(await res.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' });
        return res.status();
      };
      // Per client address: 10 a minute, whatever the e-mail.
      const oneClient = clientHeaders();
      const byIp: number[] = [];
      for (let i = 0; i < 11; i++) byIp.push(await send(`someone${i}@example.org`, oneClient));
      expect(byIp).toEqual([...Array(10).fill(200), 429]);
      // Per e-mail and client address: 5 in 10 minutes (one sent above); another client still gets its own.
      const byEmail: number[] = [];
      for (let i = 0; i < 5; i++) byEmail.push(await send(USER, {}));
      expect(byEmail).toEqual([200, 200, 200, 200, 429]);
      expect(await send(USER, clientHeaders())).toBe(200);
      await page.goto('/login?lng=fr');
      await hydrated(page);
      await page.getByLabel('E-mail').fill(USER);
      await page.getByRole('button', { name: /e-mail/i }).click();
      await expect(page.getByText(frAuthErrors.TOO_MANY_REQUESTS)).toBeVisible();
      await context.close();
    } finally {
      await server.stop();
      await sink.close();
    }
  });

  test('without EMAIL_SERVER in development-like demo mode the mailbox lists the code; in production it is a 404', async ({
    request,
    browser,
  }) => {
    expect((await request.get('/devtools/mailbox')).status()).toBe(404);
    const server = await startApp({ DEMO_MODE: 'true' });
    try {
      const context = await browser.newContext({ baseURL: server.url, extraHTTPHeaders: clientHeaders() });
      const page = await context.newPage();
      await page.request.post('/api/auth/email-otp/send-verification-otp', {
        data: { email: ADMIN, type: 'sign-in' },
        headers: { Origin: server.url },
      });
      // The e-mail leaves after the answer: the page may need a reload to list it.
      await expect(async () => {
        await page.goto('/devtools/mailbox');
        await expect(page.getByRole('heading', { name: `Your ${identity.name} sign-in code` }).first()).toBeVisible({ timeout: 1000 });
      }).toPass();
      const code = /^\s*(\d{6})\s*$/m.exec((await page.locator('pre').first().textContent()) ?? '')?.[1];
      expect(code).toBeTruthy();
      // The server log shows it to people, as a block on stderr…
      expect(server.output()).toContain(`│ To:      ${ADMIN}\n│ Subject: Your ${identity.name} sign-in code\n`);
      expect(server.output()).toContain(`\n│     ${code}\n`);
      // …and to machines, as one JSON record with the text.
      const record = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{') && line.includes('e-mail not sent'))
        .map((line) => JSON.parse(line) as { level: number; to: string; msg: string });
      expect(record).toEqual([expect.objectContaining({ level: 40, to: ADMIN, msg: expect.stringContaining(`\n${code}\n`) })]);
      await context.close();
    } finally {
      await server.stop();
    }
  });
});
