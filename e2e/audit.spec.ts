import { readFile } from 'node:fs/promises';
import { request as playwrightRequest } from '@playwright/test';
import { ADMIN, clientHeaders, expect, signInViaApi, test, hydrated } from './support/fixtures';

test.describe('audit log', () => {
  test('records what an admin does, filters it, exports it, and shows the impersonated user', async ({
    adminPage: page,
    browser,
    app,
    sink,
    adminState,
  }) => {
    const origin = { Origin: app.url };
    const create = async (name: string, email: string) => {
      const res = await page.request.post('/api/rpc/users', { data: { name, email, role: 'user' }, headers: origin });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const bannedId = await create('Ivo Banned', 'ivo.banned@example.org');
    const impersonatedId = await create('Ines Impersonated', 'ines.impersonated@example.org');

    // 1. Ban, through the auth API as the user page does.
    const ban = await page.request.post('/api/auth/admin/ban-user', { data: { userId: bannedId, banReason: 'spam' }, headers: origin });
    expect(ban.status()).toBe(200);

    // 2. Impersonate from the user's page, in another window, then stop.
    const other = await browser.newContext({ baseURL: app.url, storageState: adminState, extraHTTPHeaders: clientHeaders() });
    const otherPage = await other.newPage();
    await otherPage.goto(`/manager/users/${impersonatedId}`);
    await hydrated(otherPage);
    await otherPage.getByRole('button', { name: 'Impersonate' }).click();
    await expect(otherPage).toHaveURL(/\/app$/);
    // Impersonating loads a new page: its button answers once it has hydrated.
    await hydrated(otherPage);
    await otherPage.getByRole('button', { name: 'Stop impersonating' }).click();
    await expect(otherPage).toHaveURL(new RegExp(`/manager/users/${impersonatedId}$`));
    await other.close();

    // 3. Change a book.
    const books = (await (await page.request.get('/api/rpc/books?limit=1')).json()) as {
      items: Array<{ id: string; title: string; author: string }>;
    };
    const book = books.items[0]!;
    const renamed = `${book.title} (audited)`;
    const put = await page.request.put(`/api/rpc/books/${book.id}`, { data: { title: renamed, author: book.author }, headers: origin });
    expect(put.status()).toBe(200);

    // The log, newest first, with the admin as actor of all three.
    await page.goto('/manager/audit');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const rows = page.getByTestId('audit-row');
    await expect(rows.filter({ hasText: 'Book updated' }).first()).toContainText('Admin');
    await expect(rows.filter({ hasText: 'Book updated' }).first()).toContainText(renamed);
    await expect(rows.filter({ hasText: 'Impersonation started' }).first()).toContainText('ines.impersonated@example.org');
    await expect(rows.filter({ hasText: 'Impersonation started' }).first()).toContainText('Admin');
    await expect(rows.filter({ hasText: 'User banned' }).first()).toContainText('ivo.banned@example.org');
    await expect(rows.filter({ hasText: 'User banned' }).first()).toContainText('Admin');

    // A row opens the event with its changes, before and after: anywhere on the row, or its time's button.
    await rows.filter({ hasText: 'Book updated' }).first().getByText(renamed).click();
    const dialog = page.getByTestId('audit-event');
    await expect(dialog.getByTestId('audit-changes')).toContainText('title');
    await expect(dialog.getByTestId('audit-changes')).toContainText(renamed);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await rows.filter({ hasText: 'Book updated' }).first().getByRole('button').click();
    await expect(dialog.getByTestId('audit-changes')).toContainText(renamed);
    await page.keyboard.press('Escape');

    // Filters narrow the list as they change (no Apply), and the URL keeps them; the action is picked in a combobox.
    const all = await rows.count();
    expect(all).toBeGreaterThan(1);
    await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Reset' })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('textbox', { name: 'Find an action' }).fill('banned');
    await page.getByRole('option', { name: 'User banned', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Action' })).toHaveText('User banned');
    await expect(page).toHaveURL(/action=user\.banned/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('ivo.banned@example.org');
    // Reset clears them: every event again.
    await page.getByRole('link', { name: 'Reset' }).click();
    await expect(page).not.toHaveURL(/action=/);
    await expect(page.getByRole('combobox', { name: 'Action' })).toHaveText('Any action');
    await expect(rows).toHaveCount(all);

    // The target type is a faceted filter: picked, the list is that type's events.
    const targetType = page.getByRole('button', { name: /^Target type/ });
    await targetType.click();
    await page.getByRole('menuitemradio', { name: 'User', exact: true }).click();
    await expect(page).toHaveURL(/targetType=user(&|$)/);
    await expect(targetType).toContainText('User');
    await expect(rows.filter({ hasText: 'User banned' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Book updated' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Reset' }).click();
    await expect(page).not.toHaveURL(/targetType=/);
    await expect(rows.filter({ hasText: 'Book updated' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reset' })).toHaveCount(0);

    // The actor is a person found by name or email as one types; the URL keeps the id, the filter shows the name.
    await page.goto('/manager/audit');
    await hydrated(page);
    const actor = page.getByRole('combobox', { name: 'Actor', exact: true });
    await expect(actor).toContainText('Anyone');
    await actor.click();
    await page.getByRole('textbox', { name: 'Find a person by name or email' }).fill(ADMIN);
    await page.getByRole('option', { name: /admin@example\.com/ }).click();
    await expect(actor).toContainText('Admin');
    await expect(page).toHaveURL(/[?&]actorId=[^&]+/);
    const adminId = new URL(page.url()).searchParams.get('actorId')!;
    await expect(rows.filter({ hasText: 'Book updated' }).first()).toBeVisible();
    await expect(rows.filter({ hasNotText: 'Admin' })).toHaveCount(0);
    // Opened from its address, the filter names the person, not the id.
    await page.reload();
    await hydrated(page);
    await expect(actor).toContainText('Admin');
    await expect(actor).not.toContainText(adminId);
    // An id that names no one shows as itself, and matches nothing.
    await page.goto('/manager/audit?actorId=no-such-actor');
    await expect(actor).toContainText('no-such-actor');
    await expect(page.getByText('No events match')).toBeVisible();

    await page.goto(`/manager/audit?targetType=book&targetId=${book.id}`);
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Target type/ })).toContainText('Book');
    await expect(rows.first()).toContainText('Book updated');
    // The catalogue is shared with the other tests: the title goes back, once its one event is checked.
    const restored = await page.request.put(`/api/rpc/books/${book.id}`, {
      data: { title: book.title, author: book.author },
      headers: origin,
    });
    expect(restored.status()).toBe(200);

    // The CSV export of the current filter: the same rows.
    await page.goto('/manager/audit?action=user.banned');
    await hydrated(page);
    await expect(rows).toHaveCount(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"user.banned"');
    expect(lines[1]).toContain(`"${bannedId}"`);
    expect(lines[1]).toContain('"Admin"');

    // The impersonated user sees it in their security activity.
    const ines = await playwrightRequest.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    await signInViaApi(ines, app, sink, 'ines.impersonated@example.org');
    const inesContext = await browser.newContext({
      baseURL: app.url,
      storageState: await ines.storageState(),
      extraHTTPHeaders: clientHeaders(),
    });
    await ines.dispose();
    const inesPage = await inesContext.newPage();
    await inesPage.goto('/app/account');
    const activity = inesPage.getByTestId('security-activity');
    await expect(activity.getByRole('heading', { name: 'Security activity' })).toBeVisible();
    await expect(activity.getByRole('listitem').filter({ hasText: 'Impersonation started' })).toContainText('by Admin');
    await expect(activity.getByRole('listitem').filter({ hasText: 'Impersonation stopped' })).toContainText('by Admin');
    await expect(activity.getByRole('listitem').filter({ hasText: 'Signed in' })).toHaveCount(1);
    await inesContext.close();
  });

  test('on a phone the filters besides the search fold, so the events come first; a set filter opens them', async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/manager/audit');
    await hydrated(page);
    await expect(page.getByRole('searchbox', { name: 'Search by actor or target' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Action' })).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Dates', exact: true })).toBeHidden();
    await expect(page.getByTestId('audit-row').first()).toBeInViewport();
    await page.getByText('More filters', { exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Action' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Dates', exact: true })).toBeVisible();
    // On a phone the calendar shows one month, with the days of its neighbours.
    await page.getByRole('combobox', { name: 'Dates', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Dates' }).getByRole('grid')).toHaveCount(1);
    await page.keyboard.press('Escape');

    // Opened by a filter the page applies, and says how many.
    await page.goto('/manager/audit?targetType=book');
    await expect(page.getByText('More filters (1 set)')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Target type/ })).toContainText('Book');

    // From 640 px nothing folds.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/manager/audit');
    await expect(page.getByText('More filters', { exact: true })).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Action' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Dates', exact: true })).toBeVisible();
  });

  test('a range that ends before it starts says so, in the page’s language, and is not applied', async ({ adminPage: page }) => {
    await page.goto('/manager/audit?from=2026-05-01&to=2026-01-01');
    await hydrated(page);
    const dates = page.getByRole('combobox', { name: 'Dates', exact: true });
    await expect(page.getByRole('alert')).toHaveText('The end date is before the start date.');
    await expect(dates).toHaveAttribute('aria-invalid', 'true');
    await expect(dates).toContainText('May 1, 2026');
    await expect(dates).toContainText('Jan 1, 2026');
    // No event can match: the list says so (the API refuses such a range, so it is not asked).
    await expect(page.getByText('No events match')).toBeVisible();

    // By keyboard: the calendar opens on the start's month with the focus on a day, and Escape gives it back.
    await dates.focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', { name: 'Dates' });
    await expect(calendar.getByRole('grid', { name: 'May 2026' })).toBeVisible();
    await expect(calendar.getByRole('grid', { name: 'June 2026' })).toBeVisible();
    await expect(calendar.getByRole('grid').getByRole('button').and(page.locator(':focus'))).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(dates).toBeFocused();

    // Picked right (a start, then an end, which closes the calendar), the range applies; while its events
    // are held back, a new start picked in the calendar stays once they arrive.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/rpc/**', async (route) => {
      await held;
      await route.continue();
    });
    await dates.click();
    await calendar.getByRole('button', { name: /^Friday, May 1, 2026/ }).click();
    // Half a range is not applied: the calendar is still open.
    await expect(page).toHaveURL(/from=2026-05-01&to=2026-01-01/);
    const loaded = page.waitForResponse((response) => response.url().includes('/api/rpc/'));
    await calendar.getByRole('button', { name: /^Tuesday, June 30, 2026/ }).click();
    await expect(calendar).toBeHidden();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(dates).toContainText('Jun 30, 2026');
    await expect(page).toHaveURL(/from=2026-05-01&to=2026-06-30|to=2026-06-30.*from=2026-05-01/);
    await dates.click();
    await calendar.getByRole('button', { name: 'Next month' }).click();
    await calendar.getByRole('button', { name: /^Wednesday, July 1, 2026/ }).click();
    await page.keyboard.press('Escape');
    release();
    await loaded;
    await page.unrouteAll();
    await expect(dates).toContainText('From Jul 1, 2026');
    await expect(page).toHaveURL(/[?&]from=2026-07-01(&|$)/);
    await expect(page).not.toHaveURL(/[?&]to=/);

    // A preset: the last 7 days, today included.
    await dates.click();
    await calendar.getByRole('button', { name: 'Last 7 days' }).click();
    await expect(calendar).toBeHidden();
    await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}(&|$)/);
    await expect(page).toHaveURL(/[?&]to=\d{4}-\d{2}-\d{2}(&|$)/);

    await page.goto('/manager/audit?from=2026-05-01&to=2026-01-01&lng=ar');
    await expect(page.getByRole('alert')).toHaveText('تاريخ النهاية يسبق تاريخ البداية.');
    // The range in Arabic: month names, Latin digits, the calendar right to left with Saturday first.
    const arDates = page.getByRole('combobox', { name: 'التواريخ', exact: true });
    await expect(arDates).toContainText('مايو');
    await expect(arDates).toContainText('2026');
    await hydrated(page);
    await arDates.click();
    const arCalendar = page.getByRole('dialog', { name: 'التواريخ' });
    await expect(arCalendar.locator('[dir="rtl"]').first()).toBeVisible();
    await expect(arCalendar.getByRole('grid', { name: 'مايو 2026' })).toBeVisible();
    // The week starts on Saturday: the second week's row opens on one.
    await expect(arCalendar.getByRole('grid').first().getByRole('row').nth(1).getByRole('gridcell').first()).toHaveAccessibleName(
      /^السبت،/,
    );
  });

  test('without JavaScript the filters still apply: the dates and the actor in plain inputs, the other filters kept', async ({
    browser,
    app,
    adminState,
  }) => {
    const context = await browser.newContext({
      baseURL: app.url,
      storageState: adminState,
      javaScriptEnabled: false,
      extraHTTPHeaders: clientHeaders(),
    });
    const page = await context.newPage();
    await page.goto('/manager/audit?action=auth.sign-in');
    // The pickers need the script: their buttons give way to the browser's own inputs.
    await expect(page.getByRole('combobox', { name: 'Dates', exact: true })).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Actor', exact: true })).toBeHidden();
    await page.getByLabel('From', { exact: true }).fill('2026-01-01');
    await page.getByLabel('To', { exact: true }).fill('2026-12-31');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]from=2026-01-01(&|$)/);
    await expect(page).toHaveURL(/[?&]to=2026-12-31(&|$)/);
    await expect(page).toHaveURL(/[?&]action=auth\.sign-in(&|$)/);
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-01-01');
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('2026-12-31');
    await context.close();
  });
});
