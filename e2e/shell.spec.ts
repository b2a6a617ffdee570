import type { Locator, Page } from '@playwright/test';
import frAuth from '../src/locales/fr/auth.json' with { type: 'json' };
import frAuthErrors from '../src/locales/fr/authErrors.json' with { type: 'json' };
import swAuth from '../src/locales/sw/auth.json' with { type: 'json' };
import arTables from '../src/locales/ar/tables.json' with { type: 'json' };
import { clientHeaders, expect, test, hydrated, openPalette, type StorageState } from './support/fixtures';
import { seriousViolations, SWEEP } from './support/a11y';
import { startApp } from './support/app-server';
import { FAR_TIME_ZONE, hydrationErrors } from './support/hydration';
// example:start
import arCatalog from '../src/locales/ar/catalog.json' with { type: 'json' };
// example:end
import { makeSamples, pageRoutes, pagesToSweep, type Visitor } from './support/pages';
import { identity } from '#/lib/identity.ts';

// Independent tests and sweeps of minutes: spread over both workers.
test.describe.configure({ mode: 'parallel' });

async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('error views', () => {
  for (const [path, where] of [
    ['/no/such/page', 'root'],
    ['/app/no-such-page', 'app'],
    ['/manager/no-such-page', 'manager'],
    ['/login/no-such-page', 'login'],
  ] as const) {
    test(`404 under ${where}: status and page`, async ({ adminPage: page }) => {
      // Signed in: the section guards let the request reach the not-found view.
      const res = await page.request.get(path);
      expect(res.status()).toBe(404);
      await page.goto(path);
      const main = page.locator('#main');
      await expect(main.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
      await expect(main.getByRole('button', { name: 'Back' })).toBeVisible();
      await expect(main.getByRole('link', { name: 'Home' })).toBeVisible();
    });
  }

  test('the app and manager not-found views keep their section layout', async ({ adminPage: page }) => {
    await page.goto('/app/no-such-page');
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).first()).toBeAttached();
    await page.goto('/manager/no-such-page');
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  });
});

test.describe('languages', () => {
  test('switching to fr, ar and sw changes the text and direction, survives reload, and is server-rendered', async ({
    adminPage: page,
  }) => {
    await page.goto('/app/account');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account');

    const memberSince = page.getByTestId('account-member-since');
    await expect(memberSince).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await choose(page, page.getByLabel('Language'), 'Français');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compte');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

    // Dates follow the language too.
    await expect(memberSince).toHaveText(/^\d{1,2} [a-zéû]+\.? \d{4}$/);

    await choose(page, page.getByLabel('Langue'), 'العربية');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    // The attributes change at once, the page's text on React's next render.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u0600-\u06FF]/);
    const arabicHeading = await page.getByRole('heading', { level: 1 }).textContent();
    // Its text 1.2 times larger, not its layout: the root (rem, spacing) stays at 16 px.
    const sizes = await page.evaluate(() => ({
      root: getComputedStyle(document.documentElement).fontSize,
      body: getComputedStyle(document.body).fontSize,
      small: getComputedStyle(document.querySelector('.text-sm')!).fontSize,
    }));
    expect(sizes).toEqual({ root: '16px', body: '19.2px', small: '16.8px' });

    await page.reload();
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(arabicHeading!);

    // The next request's raw HTML is already Arabic: the cookie drives server rendering.
    const raw = await (await page.request.get('/app/account')).text();
    expect(raw).toContain('<html lang="ar" dir="rtl"');
    expect(raw).toContain(arabicHeading!);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'i18next');
    expect(cookie).toMatchObject({ value: 'ar', path: '/', sameSite: 'Lax' });
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(29 * 24 * 3600);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ar');

    await choose(page, page.getByLabel('اللغة', { exact: true }), 'Kiswahili');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Akaunti');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('the lng query parameter and Accept-Language choose the first byte', async ({ request, browser, app }) => {
    expect(await (await request.get('/login?lng=fr')).text()).toContain('<html lang="fr" dir="ltr"');
    const context = await browser.newContext({ locale: 'sw-KE', baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(swAuth.login.titleSignUp);
    await context.close();
  });
});

test.describe('themes', () => {
  test('dark sets the class and localStorage, and applies before first paint after reload', async ({ adminPage: page }) => {
    await page.goto('/app/account');
    await hydrated(page);
    await choose(page, page.getByLabel('Theme'), 'Dark');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    // Block the app's scripts: only the inline pre-paint script can set the class now.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.unroute('**/assets/*.js');
  });

  test('system follows the emulated colour scheme, live', async ({ adminPage: page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/app/account');
    await hydrated(page);
    await choose(page, page.getByLabel('Theme'), 'System');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });
});

test.describe('page shell', () => {
  test('titles end with the fixed suffix', async ({ adminPage: page }) => {
    await page.goto('/app/account');
    await expect(page).toHaveTitle(`Account | ${identity.name}`);
    await page.goto('/manager/dashboard');
    await expect(page).toHaveTitle(`Dashboard | ${identity.name}`);
    // Moving in the browser: each page's title, in the page's namespace or from its data.
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
    await nav.getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveTitle(`Audit log | ${identity.name}`);
    await nav.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveTitle(`Users | ${identity.name}`);
    await page.getByRole('link', { name: 'New User' }).click();
    await expect(page).toHaveTitle(`New User | ${identity.name}`);
    // example:start
    await page.goto('/app/books');
    await hydrated(page);
    await page.locator('#main a[href^="/app/books/"]').first().click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).not.toHaveText('Books');
    await expect(page).toHaveTitle(`${await heading.textContent()} | ${identity.name}`);
    await page.goBack();
    await expect(page).toHaveTitle(`Books | ${identity.name}`);
    // example:end
  });

  test('the manager index redirects to the dashboard; / goes to /login, which sends a signed-in admin home', async ({
    adminPage,
    page,
  }) => {
    await adminPage.goto('/manager');
    await expect(adminPage).toHaveURL(/\/manager\/dashboard$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await adminPage.goto('/');
    await expect(adminPage).toHaveURL(/\/manager\/dashboard$/);
  });

  test('the web manifest is linked, parses, and its icons load', async ({ page, request }) => {
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const res = await request.get(href!);
    expect(res.status()).toBe(200);
    const manifest = await res.json();
    expect(manifest).toMatchObject({ name: identity.name, display: 'standalone', start_url: expect.any(String) });
    const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes}:${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    for (const icon of manifest.icons) {
      const img = await request.get(icon.src);
      expect(img.status()).toBe(200);
      expect(img.headers()['content-type']).toBe('image/png');
    }
    const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect((await request.get(apple!)).status()).toBe(200);
    // A browser's bar takes the brand colour of its scheme: both tags are served, and stay after hydration.
    const served = await (await request.get('/login')).text();
    for (const [scheme, hex] of [
      ['light', identity.brand.light.hex],
      ['dark', identity.brand.dark.hex],
    ]) {
      expect(served).toContain(`<meta name="theme-color" content="${hex}" media="(prefers-color-scheme: ${scheme})"/>`);
      await expect(page.locator(`meta[name="theme-color"][media="(prefers-color-scheme: ${scheme})"]`)).toHaveAttribute('content', hex!);
    }
  });

  test('a 375 px viewport gets a drawer where 1280 px gets a dialog', async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/manager/dashboard');
    await hydrated(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByTestId('dialog')).toBeVisible();
    await expect(page.getByTestId('drawer')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('dialog')).toHaveCount(0);

    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByTestId('drawer')).toBeVisible();
    await expect(page.getByTestId('dialog')).toHaveCount(0);
  });

  test('the app section has bottom navigation on small screens and top navigation on large ones', async ({ userPage: page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/app');
    const navs = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navs).toHaveCount(1);
    const box = await navs.boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(700);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(navs).toHaveCount(1);
    expect((await navs.boundingBox())!.y).toBeLessThan(100);
  });

  test('no environment banner in production unless ENV_NAME is set; a pink preview colour works', async ({ page, browser }) => {
    await page.goto('/login');
    await expect(page.getByTestId('env-banner')).toHaveCount(0);

    const preview = await startApp({ ENV_NAME: 'Preview', ENV_EMOJI: '🧪', ENV_COLOR: 'hotpink' });
    try {
      const p = await browser.newPage();
      await p.goto(`${preview.url}/login`);
      const banner = p.getByTestId('env-banner');
      await expect(banner).toHaveText('🧪 Preview');
      expect(await banner.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 105, 180)');
      await p.close();
    } finally {
      await preview.stop();
    }
  });
});

test.describe('keyboard', () => {
  test('controls are reachable with Tab, focus is visible, dialogs trap and return focus', async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/manager/dashboard');
    await hydrated(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');

    const trigger = page.getByRole('button', { name: 'User menu' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Sign out' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('dialog');
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });
});

/** No serious axe violation and no hydration mismatch (signed in: in a far time zone), in each language of the sweep. */
test.describe('accessibility (axe-core) and hydration', () => {
  // Beyond one visit per page: searches and their empty results, a state in the query, the error pages.
  const states: Array<[Visitor, string]> = [
    ['anonymous', '/login/error?error=access_denied'],
    ['anonymous', '/no/such/page'],
    // example:start
    ['user', '/app/books?searchTerm=verne'],
    // example:end
    ['user', '/app/account?state=change-name'],
    ['user', '/manager/dashboard'], // the 403 page
    ['admin', '/manager/users?searchTerm=admin'],
    ['admin', '/manager/users?searchTerm=zz-no-such-person'],
    ['admin', '/manager/users?role=admin&status=banned'],
    // example:start
    ['admin', '/manager/books?searchTerm=zz-no-such-book'],
    // example:end
    ['admin', '/manager/organizations?searchTerm=zz-no-such-organisation'],
    ['admin', '/manager/audit?searchTerm=zz-no-such-event'],
  ];
  for (const [lng, scheme] of SWEEP) {
    test(`every page: no serious or critical violation, and no hydration mismatch (signed in: in ${FAR_TIME_ZONE}): ${lng}, ${scheme}`, async ({
      browser,
      app,
      adminState,
      userState,
      page,
    }) => {
      // About ten seconds a page on a busy machine (the page, hydration, axe).
      test.setTimeout(60_000 + 10_000 * (pageRoutes().length + states.length));
      const farAway = async (storageState: StorageState) =>
        (
          await browser.newContext({ baseURL: app.url, storageState, extraHTTPHeaders: clientHeaders(), timezoneId: FAR_TIME_ZONE })
        ).newPage();
      const visitors: Record<Visitor, Page> = { anonymous: page, user: await farAway(userState), admin: await farAway(adminState) };
      // Signed out too: the sign-in steps' English strings load with their pages.
      const seen = new Map(Object.values(visitors).map((p) => [p, hydrationErrors(p)]));
      for (const p of Object.values(visitors)) await p.emulateMedia({ colorScheme: scheme });
      const { samples, remove } = await makeSamples(visitors.admin.request, visitors.user.request, app.url);
      try {
        for (const [who, path] of [...pagesToSweep(samples).map((swept) => [swept.who, swept.path] as const), ...states]) {
          const p = visitors[who];
          const errors = seen.get(p)!;
          errors.length = 0;
          await p.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
          await hydrated(p);
          expect.soft(await seriousViolations(p), `${path} ${lng} ${scheme}`).toEqual([]);
          expect.soft(errors, `hydration of ${path} ${lng}`).toEqual([]);
        }
      } finally {
        await remove();
        await visitors.admin.context().close();
        await visitors.user.context().close();
      }
    });
  }
});

test.describe('accessibility (axe-core): open popovers and phones', () => {
  for (const [lng, scheme] of SWEEP) {
    test(`no serious or critical violation with a select, a combobox, a menu and a dialog open: ${lng}, ${scheme}`, async ({
      adminPage: page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      test.slow();
      const check = async (what: string, within?: string) =>
        expect(await seriousViolations(page, within), `${what} ${lng} ${scheme}`).toEqual([]);
      await page.goto(`/manager/users?lng=${lng}`);
      await hydrated(page);
      // The top bar's command palette, searching (its users and books come from the server).
      await openPalette(page);
      await page.keyboard.type('us');
      await expect(page.getByTestId('command-palette').getByRole('option').first()).toBeVisible();
      await check('command palette open', '[data-testid="command-palette"]');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: lng === 'ar' ? arTables.filters.role : 'Role', exact: true }).click();
      await expect(page.getByRole('menuitemradio')).toHaveCount(2);
      await check('role filter open', '[role="menu"]');
      await page.keyboard.press('Escape');
      await page.locator('tbody tr').first().getByRole('button').last().click();
      await expect(page.getByRole('menu')).toBeVisible();
      await check('row menu open');
      await page.keyboard.press('Escape');

      // example:start
      await page.goto(`/manager/books/new?lng=${lng}`);
      await hydrated(page);
      await page.getByRole('combobox', { name: lng === 'ar' ? arCatalog.book.genre : 'Genre', exact: true }).click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await check('genre combobox open');
      await page.keyboard.press('Escape');
      // example:end

      await page.goto(`/manager/audit?lng=${lng}`);
      await hydrated(page);
      await page.locator('form').getByRole('combobox').first().click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await check('audit action combobox open');
      await page.keyboard.press('Escape');
      // The date range's calendar, the filters' last combobox.
      await page.locator('form').getByRole('combobox').last().click();
      await expect(page.getByRole('grid').first()).toBeVisible();
      await check('audit date range open', '[role="dialog"]');
      await page.keyboard.press('Escape');
      await page.getByTestId('audit-row').first().getByRole('button').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check('audit event dialog open', '[role="dialog"]');
      await page.keyboard.press('Escape');

      const users = (await (await page.request.get('/api/rpc/users?searchTerm=user@example.com')).json()) as {
        items: Array<{ id: string }>;
      };
      await page.goto(`/manager/users/${users.items[0]!.id}?lng=${lng}`);
      await hydrated(page);
      // The danger zone's first button: Ban.
      await page.locator('section[aria-labelledby="danger-zone"]').getByRole('button').first().click();
      await expect(page.getByTestId('dialog')).toBeVisible();
      await check('ban dialog open', '[role="dialog"]');
      await page.keyboard.press('Escape');

      await page.setViewportSize({ width: 375, height: 812 });
      for (const path of [
        '/manager/users',
        '/manager/dashboard',
        // example:start
        '/manager/books',
        // example:end
      ]) {
        await page.goto(`${path}?lng=${lng}`);
        await hydrated(page);
        await check(`${path} at 375 px`);
      }
    });
  }
});

test.describe('resilience', () => {
  test('a failed lazy page import reloads the page once, then navigation works', async ({ adminPage: page }) => {
    await page.goto('/app');
    await hydrated(page);
    let blocked = 0;
    await page.route(/\/assets\/account-[\w-]+\.js$/, (route) => (blocked++ === 0 ? route.abort() : route.continue()));
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Account' }).click();
    await page.waitForFunction(() => !(window as unknown as { beforeReload?: boolean }).beforeReload);
    expect(blocked).toBeGreaterThan(0);
    const keys = await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('reloaded-after:')));
    expect(keys).toHaveLength(1);
    await hydrated(page);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  });
});

test.describe('language resources', () => {
  test('a language file that fails to load is retried until it arrives', async ({ adminPage: page }) => {
    await page.goto('/app/account');
    await hydrated(page);
    let failures = 0;
    // The translation files live in one build folder: assets/locales-<hash>/<lng>/<ns>.json.
    await page.route(/\/assets\/locales-[\w-]+\/fr\/common\.json$/, (route) => (failures++ < 2 ? route.abort() : route.continue()));
    await choose(page, page.getByLabel('Language'), 'Français');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compte');
    expect(failures).toBeGreaterThanOrEqual(3);
  });

  test('a refusal that comes back before its translations is still shown in the page’s language', async ({ browser, app }) => {
    const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const page = await context.newPage();
    let refused!: () => void;
    const refusalSent = new Promise<void>((resolve) => (refused = resolve));
    // The refusal answers at once; the French error file only after it (a slow network, a busy server).
    await page.route('**/api/auth/email-otp/send-verification-otp', async (route) => {
      await route.fulfill({ status: 429, json: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' } });
      refused();
    });
    await page.route(/\/assets\/locales-[\w-]+\/fr\/authErrors\.json$/, async (route) => {
      await refusalSent;
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.goto('/login?lng=fr');
    await hydrated(page);
    await page.getByLabel('E-mail').fill('someone@example.org');
    await page.getByRole('button', { name: frAuth.login.submit }).click();
    await expect(page.getByText(frAuthErrors.TOO_MANY_REQUESTS)).toBeVisible();
    await expect(page.getByText('Too many requests. Please try again later.')).toHaveCount(0);
    await context.close();
  });

  test('a language stored only in local storage applies after hydration and goes into the cookie', async ({ browser, app }) => {
    const context = await browser.newContext({ baseURL: app.url, locale: 'en-US', extraHTTPHeaders: clientHeaders() });
    const page = await context.newPage();
    await page.goto('/login');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // The server cannot see local storage: the browser's detection order picks it after hydration.
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'fr'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(frAuth.login.titleSignUp);
    expect((await context.cookies()).find((c) => c.name === 'i18next')?.value).toBe('fr');
    await context.close();
  });
});

test.describe('the top bars', () => {
  for (const width of [1280, 375])
    test(`the sign-in pages' switches sit at the app's controls' height and size (${width} px)`, async ({ page, userPage }) => {
      const viewport = { width, height: 800 };
      await page.setViewportSize(viewport);
      await userPage.setViewportSize(viewport);
      await page.goto('/login');
      await userPage.goto('/app');
      const theme = (await page.getByRole('group', { name: 'Theme' }).boundingBox())!;
      const menu = (await userPage.getByRole('button', { name: 'User menu' }).boundingBox())!;
      expect(theme.height).toBe(menu.height);
      if (width >= 640) {
        // One row: the same top bar, its control centred in it.
        expect((await page.getByTestId('auth-top-bar').boundingBox())!.height).toBe(56);
        expect(Math.abs(theme.y + theme.height / 2 - (menu.y + menu.height / 2))).toBeLessThanOrEqual(1);
      }
    });
});
