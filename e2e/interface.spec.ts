import { ADMIN, clientHeaders, expect, test, USER, hydrated } from './support/fixtures';
import { identity } from '#/lib/identity.ts';
import { APP_NAV } from '#/layout/app/nav-items.ts';
import { MANAGER_NAV } from '#/layout/manager/nav-items.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.describe('the shell', () => {
  test("the manager's navigation: Dashboard, Users, Books, Organisations, Audit log, Webhooks, Account, API Documentation, then Open App", async ({
    adminPage: page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/manager/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // Every entry of the one list (an administrator may see each), then Open App; the starter's own in
    // this order, with a fork's sections between them (tests/navigation.test.ts: every section is in the list).
    await expect(nav.getByRole('link')).toHaveCount(MANAGER_NAV.flat().length + 1);
    const shown = await nav.getByRole('link').allTextContents();
    const starters = [
      'Dashboard',
      'Users',
      // example:start
      'Books',
      // example:end
      'Organisations',
      'Audit log',
      'Webhooks',
      'Account',
      'API Documentation',
      'Open App',
    ];
    expect(shown.filter((label) => starters.includes(label))).toEqual(starters);
    expect(shown.at(-1)).toBe('Open App');
    await expect(page.getByText('Configuration')).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Open App' })).toHaveAttribute('href', '/app');
    // The top bar's trail names where a page is: the area, then the page below it (a form's too).
    const trail = page.getByRole('banner').getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('listitem')).toHaveText(['Dashboard']);
    await nav.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('link', { name: 'New User' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New User' })).toBeVisible();
    await expect(trail.getByRole('listitem')).toHaveText(['Users', 'New User']);
    await expect(trail.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/manager/users');
  });

  test('the collapsed side navigation keeps the logo and names each icon in a tooltip, on hover and on keyboard focus', async ({
    adminPage: page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/manager/dashboard');
    await hydrated(page);
    await page.getByRole('button', { name: 'Collapse navigation' }).click();
    await expect(page.getByRole('button', { name: 'Expand navigation' })).toBeVisible();
    await expect(page.locator('aside').getByRole('link', { name: identity.name })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Users' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Users');
    await page.mouse.move(900, 500, { steps: 5 });
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await nav.getByRole('link', { name: 'Books' }).focus();
    await expect(page.getByRole('tooltip')).toHaveText('Books');
    // Not a browser tooltip as well.
    await expect(nav.locator('[title]')).toHaveCount(0);
  });

  test("the avatar menu: who is signed in, account, theme, language, the other section, sign-out (the admin's app)", async ({
    adminPage: page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/app');
    await hydrated(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText('Admin');
    await expect(menu).toContainText(ADMIN);
    await expect(menu.getByRole('menuitem')).toHaveText(['Account', 'Theme', 'Language', 'Open Manager', 'Sign out']);

    // By keyboard: a pointer jumping from the sub-menu's trigger to its item crosses the next trigger.
    await menu.getByRole('menuitem', { name: 'Theme' }).press('ArrowRight');
    await page.getByRole('menuitemradio', { name: 'Dark' }).press('Enter');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Language' }).press('ArrowRight');
    await page.getByRole('menuitemradio', { name: 'Français' }).press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.getByRole('button', { name: 'Menu utilisateur' }).click();
    await page.getByRole('menuitem', { name: 'Ouvrir le gestionnaire' }).click();
    await expect(page).toHaveURL(/\/manager\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    // Back as it was for the other tests of this worker.
    await page.evaluate(() => {
      localStorage.setItem('theme', 'system');
      localStorage.setItem('i18nextLng', 'en');
      document.cookie = 'i18next=en; path=/';
    });
  });

  test("a plain user's menu has no manager; the manager's 403 shows inside the app, with who is signed in", async ({ userPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const res = await page.goto('/manager/users');
    expect(res?.status()).toBe(403);
    const main = page.locator('#main');
    await expect(main.getByRole('heading', { level: 1, name: "You don't have access to this page" })).toBeVisible();
    await expect(main).toContainText(`Signed in as ${USER}`);
    // The app's own navigation and avatar menu, not a bare card.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link')).toHaveCount(APP_NAV.length);
    const shown = await nav.getByRole('link').allTextContents();
    // example:start
    expect(shown.filter((label) => ['Home', 'Books', 'Organisations', 'Account'].includes(label))).toEqual([
      'Home',
      'Books',
      'Organisations',
      'Account',
    ]);
    // example:end
    expect(shown.filter((label) => ['Home', 'Organisations', 'Account'].includes(label))).toEqual(['Home', 'Organisations', 'Account']);
    await hydrated(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Account', 'Theme', 'Language', 'Sign out']);
    await page.keyboard.press('Escape');
    await main.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/app$/);
    // The section switch names the manager as denied, and offers no way in.
    await expect(main.getByText('Access Denied')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Go to Manager' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Go to App' })).toBeVisible();
  });

  test('a not-found page inside a section says who is signed in and leads to the section', async ({ adminPage: page }) => {
    await page.goto('/manager/no-such-page');
    const main = page.locator('#main');
    await expect(main.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await expect(main).toContainText(`Signed in as ${ADMIN}`);
    await expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/manager/dashboard');
  });

  test('a plain link reached by the keyboard wears the brand focus ring', async ({ adminPage: page }) => {
    await page.goto('/manager/users');
    await hydrated(page);
    const link = page.locator('tbody tr').first().getByRole('link');
    await page.getByRole('searchbox').focus();
    // Tab through the toolbar into the table: the first row's name link.
    for (let i = 0; i < 12 && !(await link.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    const ring = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--color-ring)';
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
    // The browser's own ring would be `auto`, in its own colour.
    await expect(link).toHaveCSS('outline-style', 'solid');
    await expect(link).toHaveCSS('outline-width', '2px');
    await expect(link).toHaveCSS('outline-color', ring);
  });

  test('the account page lists its sections beside them; a link leaves its heading below the sticky header, and at 375 px the list is hidden', async ({
    userPage: page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/app/account');
    const sections = page.getByRole('navigation', { name: 'On this page' });
    await expect(sections.getByRole('link')).toHaveText([
      'Profile',
      'Display preferences',
      'Sign-in methods',
      'Passkeys',
      'Two-factor authentication',
      'API keys',
      'Your sessions',
      'Security activity',
      'Your data',
      'Danger zone',
    ]);
    // The section in view is the one highlighted: the first at the top, then the one a link went to.
    await expect(sections.locator('[aria-current="true"]')).toHaveText('Profile');
    await sections.getByRole('link', { name: 'Passkeys' }).click();
    await expect(page).toHaveURL(/\/app\/account#passkeys$/);
    await expect(sections.locator('[aria-current="true"]')).toHaveText('Passkeys');
    const heading = page.getByRole('heading', { name: 'Passkeys', exact: true });
    await expect(heading).toBeInViewport();
    // Not under the header: the heading's top is below the header's bottom.
    const headerBottom = await page
      .locator('header')
      .first()
      .evaluate((el) => el.getBoundingClientRect().bottom);
    const headingTop = await heading.evaluate((el) => el.getBoundingClientRect().top);
    expect(headingTop).toBeGreaterThanOrEqual(headerBottom);
    // The list stays in view beside the page as it scrolls.
    await expect(sections).toBeInViewport();
    // Scrolled on by the wheel, as a person reads: a lower section's link becomes the current one, alone.
    const apiKeys = page.getByRole('heading', { name: 'API keys', exact: true });
    await page.mouse.move(800, 500);
    for (let i = 0; i < 80 && (await apiKeys.evaluate((el) => el.getBoundingClientRect().top)) > 110; i++) {
      await page.mouse.wheel(0, 100);
      await page.waitForTimeout(50);
    }
    await expect(sections.locator('[aria-current="true"]')).toHaveText('API keys');
    await expect(sections.getByRole('link', { name: 'Passkeys' })).not.toHaveAttribute('aria-current');
    await page
      .getByRole('heading', { name: 'Your sessions', exact: true })
      .evaluate((el) => window.scrollTo(0, window.scrollY + el.getBoundingClientRect().top - 90));
    await expect(sections.locator('[aria-current="true"]')).toHaveText('Your sessions');
    // At the page's end, the last section, even though its heading never reaches the top.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(sections.locator('[aria-current="true"]')).toHaveText('Danger zone');
    // A window as tall as the whole page, unscrolled: read from its first section, not its last.
    const viewport = page.viewportSize()!;
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize({ width: viewport.width, height: await page.evaluate(() => document.documentElement.scrollHeight + 50) });
    await expect(sections.locator('[aria-current="true"]')).toHaveText('Profile');
    await page.setViewportSize(viewport);
    // From lg each section's title is on the start column and its card beside it; at 375 px the card is below it.
    const card = page.getByRole('region', { name: 'Passkeys' }).locator('> div').last();
    let [title, box] = [(await heading.boundingBox())!, (await card.boundingBox())!];
    expect(box.x).toBeGreaterThan(title.x + title.width);
    expect(Math.abs(box.y - title.y)).toBeLessThan(20);
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(sections).toBeHidden();
    [title, box] = [(await heading.boundingBox())!, (await card.boundingBox())!];
    expect(box.y).toBeGreaterThanOrEqual(title.y + title.height);
    expect(box.x).toBeLessThanOrEqual(title.x);
  });

  test('the avatar shows initials, and the mark is on the sign-in pages', async ({ adminPage, page }) => {
    await adminPage.goto('/manager/dashboard');
    await expect(adminPage.getByRole('button', { name: 'User menu' })).toHaveText('A');
    // Once at each width: above the form on a phone, in the brand panel beside it from 1024 px.
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/login');
      await expect(page.getByText(identity.name, { exact: true }).filter({ visible: true })).toHaveCount(1);
      await expect(page.locator('svg:has(rect.fill-brand)').filter({ visible: true })).toHaveCount(1);
    }
  });
});

test.describe('navigation progress', () => {
  test('a navigation pending over 300 ms shows a progress bar at the top, gone when the page is there', async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/manager/dashboard');
    await hydrated(page);
    await page.route('**/api/rpc/**', async (route) => {
      await sleep(1500);
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Books' }).click();
    const bar = page.getByRole('progressbar', { name: 'Loading the page' });
    await expect(bar).toBeVisible();
    expect((await bar.boundingBox())!.y).toBe(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();
    await expect(bar).toHaveCount(0);
  });

  test('with reduced motion the bar stands still', async ({ browser, app, adminState }) => {
    const context = await browser.newContext({
      baseURL: app.url,
      storageState: adminState,
      reducedMotion: 'reduce',
      extraHTTPHeaders: clientHeaders(),
    });
    const page = await context.newPage();
    await page.goto('/manager/dashboard');
    await hydrated(page);
    await page.route('**/api/rpc/**', async (route) => {
      await sleep(1500);
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }).click();
    const bar = page.getByRole('progressbar', { name: 'Loading the page' });
    await expect(bar).toBeVisible();
    expect(await bar.locator('div').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await context.close();
  });
});

test.describe('from the code to onboarding', () => {
  test('no blank page between entering the code and the onboarding form (item 8)', async ({ page, sink }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = `blank.${Date.now()}@example.org`;
    await page.goto('/login');
    await hydrated(page);
    const since = Date.now();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await expect(page).toHaveURL(/\/login\/verify\?/);
    const code = await sink.waitForCode(email, since);
    // A slow connection: every request from now on takes 400 ms more.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: -1, uploadThroughput: -1 });
    // Every frame: is there a page (a main landmark with a heading) on the screen?
    await page.evaluate(() => {
      const w = window as unknown as { blankFrames: string[]; watching: boolean };
      w.blankFrames = [];
      w.watching = true;
      const check = () => {
        const heading = document.querySelector('main h1');
        if (!heading || (heading as HTMLElement).offsetHeight === 0) w.blankFrames.push(location.pathname);
        if (w.watching) requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await page.getByLabel('Sign-in code').pressSequentially(code);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    await expect(page).toHaveURL(/\/app$/);
    await page.waitForTimeout(300);
    const blank = await page.evaluate(() => {
      const w = window as unknown as { blankFrames: string[]; watching: boolean };
      w.watching = false;
      return w.blankFrames;
    });
    expect(blank).toEqual([]);

    // Onboarding's toast: bottom-right on a wide screen.
    await page.getByLabel('What is your name?').fill('Blank Test');
    await page.getByRole('button', { name: 'Continue' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Welcome Blank Test' });
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(1280 - 60);
    expect(box.y).toBeGreaterThan(800 / 2);
  });
});

test.describe('toasts', () => {
  test('at 375 px a toast is at the top, in the middle', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.clock.install();
    await page.goto('/login/verify?email=toast.position%40example.org');
    await hydrated(page);
    // The 30 s cooldown, a second at a time (each tick renders and schedules the next).
    const resend = page.getByRole('button', { name: 'Send a new code' });
    for (let i = 0; i < 40 && !(await resend.isEnabled()); i++) await page.clock.runFor(1000);
    await resend.click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'A new code is on its way' });
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeLessThan(100);
    expect(Math.abs(box.x + box.width / 2 - 375 / 2)).toBeLessThan(30);
  });

  for (const [language, resendLabel, message, close] of [
    ['en', 'Send a new code', 'A new code is on its way', 'Close notification'],
    ['ar', 'إرسال رمز جديد', 'تم إرسال رمز جديد', 'إغلاق الإشعار'],
  ] as const) {
    test(`the close button is on the toast's end corner, named in the page's language (${language})`, async ({ page, context, app }) => {
      await context.addCookies([{ name: 'i18next', value: language, url: app.url }]);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.clock.install();
      await page.goto('/login/verify?email=toast.close%40example.org');
      await hydrated(page);
      const resend = page.getByRole('button', { name: resendLabel });
      for (let i = 0; i < 40 && !(await resend.isEnabled()); i++) await page.clock.runFor(1000);
      await resend.click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: message });
      await expect(toast).toBeVisible();
      const button = toast.getByRole('button', { name: close });
      const [box, corner] = [(await toast.boundingBox())!, (await button.boundingBox())!];
      const middle = corner.x + corner.width / 2;
      // The end corner: right in English, left in Arabic; at the top.
      if (language === 'en') expect(middle).toBeGreaterThan(box.x + box.width - 20);
      else expect(middle).toBeLessThan(box.x + 20);
      expect(corner.y + corner.height / 2).toBeLessThan(box.y + 20);
    });
  }
});

test.describe('before hydration', () => {
  // example:start
  test('on /manager/books/new, Enter before the scripts run sends nothing and puts nothing in the URL (item 2)', async ({
    adminPage: page,
  }) => {
    // The page's scripts arrive late, as on a slow connection.
    let release!: () => void;
    const scripts = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scripts;
      await route.continue();
    });
    await page.goto('/manager/books/new', { waitUntil: 'commit' });
    const title = page.getByLabel('Title');
    await expect(title).toBeVisible();
    const save = page.locator('#main form button[type="submit"]');
    await expect(save).toBeDisabled();
    await title.fill('Written before hydration');
    await title.press('Enter');
    await sleep(500);
    expect(new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe('/manager/books/new');

    release();
    await hydrated(page);
    await expect(save).toBeEnabled();
    expect(new URL(page.url()).search).toBe('');
  });
  // example:end

  test('the sign-in form stays usable before hydration (it posts to the server)', async ({ page }) => {
    let release!: () => void;
    const scripts = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scripts;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('button', { name: 'Sign in with email' })).toBeEnabled();
    release();
  });
});

test.describe('API documentation', () => {
  test('/api/docs wears the app: a way back, the theme, the product API first', async ({ browser, app }) => {
    // Swagger UI renders the whole document on the main thread: a loaded CI machine took over a minute.
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL: app.url, colorScheme: 'dark', extraHTTPHeaders: clientHeaders() });
    const page = await context.newPage();
    await page.goto('/api/docs');
    await expect(page.getByRole('link', { name: 'Back to the app' })).toHaveAttribute('href', '/');
    // No stored theme: the device's (dark here), as in the app.
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.locator('.opblock-summary-path').first()).toHaveText(/^\/api\/rpc\//);
    // A stored choice wins.
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    // In the visitor's language.
    await context.addCookies([{ name: 'i18next', value: 'fr', url: app.url }]);
    await page.reload();
    await expect(page.getByRole('link', { name: "Retour à l'application" })).toBeVisible();
    await expect(page).toHaveTitle(`Documentation de l'API | ${identity.name}`);
    await context.close();
  });
});
