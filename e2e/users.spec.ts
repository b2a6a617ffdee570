import { request as playwrightRequest, type Page } from '@playwright/test';
import { clientHeaders, expect, signInViaApi, test, hydrated } from './support/fixtures';

/** A table's faceted filter: its button, then the option in its menu. */
async function facet(page: Page, title: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  await page.getByRole('menuitemradio', { name: option, exact: true }).click();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('manager: users', () => {
  test('a user gets the 403 page on /manager/users', async ({ userPage: page }) => {
    const res = await page.goto('/manager/users');
    expect(res?.status()).toBe(403);
    await expect(page.getByText("You don't have access to this page")).toBeVisible();
  });

  test('an admin lists users with counts, loads more and searches', async ({ adminPage: page }) => {
    await page.goto('/manager/users');
    await hydrated(page);
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(20);
    const showing = page.getByTestId('showing');
    await expect(showing).toHaveText(/^Showing 20 of \d+$/);
    const total = Number(/of (\d+)/.exec((await showing.textContent())!)![1]);
    expect(total).toBeGreaterThanOrEqual(32);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(rows).toHaveCount(Math.min(40, total));
    await expect(showing).toHaveText(`Showing ${Math.min(40, total)} of ${total}`);

    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('ADMIN@example');
    await expect(page).toHaveURL(/searchTerm=ADMIN%40example/);
    await expect(page.getByTestId('search-results')).toHaveText('1 result for "ADMIN@example"');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('admin@example.com');
    await expect(rows.first()).toContainText('Admin');
    // The search is in the URL: a reload keeps it.
    await page.reload();
    await expect(page.getByTestId('search-results')).toHaveText('1 result for "ADMIN@example"');
    await hydrated(page);
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('example.com');
    await expect(page.getByTestId('search-results')).toHaveText(/^\d+ results for "example.com"$/);
  });

  test('issue 16: the users table filters by role and status, sorts, opens rows and says when nothing matches', async ({
    adminPage: page,
  }) => {
    await page.goto('/manager/users');
    await hydrated(page);
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(20);

    // Each value with how many users have it (counted by the server), the count not part of its name.
    await page.getByRole('button', { name: /^Role/ }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Admin', exact: true })).toHaveAccessibleDescription('1');
    await page.keyboard.press('Escape');
    // Filter by role: only admins, the filter kept in the URL.
    await facet(page, 'Role', 'Admin');
    await expect(page).toHaveURL(/role=admin/);
    // The other menu counts within the admins; the applied value is checked, and its menu clears it.
    await page.getByRole('button', { name: /^Status/ }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Active', exact: true })).toHaveAccessibleDescription('1');
    await expect(page.getByRole('menuitemradio', { name: 'Banned', exact: true })).toHaveAccessibleDescription('0');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Role/ }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Admin', exact: true })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('menuitem', { name: 'Clear filters' })).toBeVisible();
    await page.keyboard.press('Escape');
    // The button shows the value chosen.
    await expect(page.getByRole('button', { name: /^Role/ })).toHaveText('RoleAdmin');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('admin@example.com');
    await expect(page.getByTestId('showing')).toHaveText('Showing 1 of 1');
    // Banned admins: none, and the empty state offers to clear the filters.
    await facet(page, 'Status', 'Banned');
    await expect(page.getByText('Nothing matches these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/role=|status=/);
    await expect(rows).toHaveCount(20);
    // The toolbar's Reset clears them too.
    await facet(page, 'Status', 'Active');
    await expect(page).toHaveURL(/status=active/);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page).not.toHaveURL(/status=/);
    await expect(page.getByRole('button', { name: 'Reset' })).toHaveCount(0);

    // Sort by name, A to Z then Z to A, announced on the column header.
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    await nameHeader.getByRole('button').click();
    await expect(page).toHaveURL(/sort=name&order=asc|order=asc&sort=name/);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    const firstAsc = await rows.first().locator('td').nth(1).textContent();
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.first().locator('td').nth(1)).not.toHaveText(firstAsc!);

    // View: a column hidden and shown again.
    const joined = page.getByRole('columnheader', { name: 'Joined' });
    await expect(joined).toBeVisible();
    await page.getByRole('button', { name: 'View' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Joined' }).click();
    await expect(joined).toHaveCount(0);
    await page.getByRole('menuitemcheckbox', { name: 'Joined' }).click();
    await page.keyboard.press('Escape');
    await expect(joined).toBeVisible();

    // One paging model: 'Load more' adds the next page, and no 'Rows per page' beside it.
    await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveCount(0);
    await expect(rows).toHaveCount(20);
    await expect(page.getByTestId('showing')).toContainText('Showing 20 of');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(20);
    const loaded = await rows.count();

    // A search that matches nothing: the empty state, and 'Clear search' brings the list back.
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('zz-no-such-person');
    // One message: the spec's count, in the empty state (no second 'no results' line above it).
    await expect(page.getByTestId('search-results')).toHaveText('0 results for "zz-no-such-person"');
    await expect(page.getByTestId('search-results')).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search by name or email' })).toHaveValue('');
    // The list as it was, with the pages loaded before.
    await expect(rows).toHaveCount(loaded);

    // The row menu opens the user; so does a click anywhere on a row.
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('user@example.com');
    await expect(rows).toHaveCount(1);
    await rows
      .first()
      .getByRole('button', { name: /^Actions for / })
      .click();
    await page.getByRole('menuitem', { name: 'Open' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'User' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Users' })).toBeVisible();
    await page.goBack();
    await expect(rows).toHaveCount(1);
    await rows.first().locator('td').nth(4).click();
    await expect(page).toHaveURL(/\/manager\/users\/[\w-]+$/);
  });

  test('an admin creates, edits, bans, unbans, revokes sessions and deletes a user', async ({ adminPage: page, app, sink }) => {
    const email = `new.person.${Date.now()}@example.org`;
    await page.goto('/manager/users');
    await hydrated(page);
    await page.getByRole('link', { name: 'New User' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New User' })).toBeVisible();
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();

    await page.getByLabel('Name').fill('New Person');
    await page.getByLabel('Email').fill('USER@example.com');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.locator('form [role="alert"]')).toHaveText('User already exists.');
    // The server's refusal puts the focus on the field it names.
    await expect(page.getByLabel('Email')).toBeFocused();

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('User created')).toBeVisible();
    // The new user's page, as after making a book (docs/decisions/087-after-creating-a-record.md).
    await expect(page).toHaveURL(/\/manager\/users\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New Person' })).toBeVisible();

    await page.goto('/manager/users');
    await hydrated(page);
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('new.person');
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.getByRole('link', { name: 'New Person' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Person' })).toBeVisible();
    await expect(page.getByTestId('user-email')).toHaveText(email);
    const tabs = page.getByRole('navigation', { name: 'User sections' });
    await tabs.getByRole('link', { name: 'Sessions' }).click();
    await expect(page.getByText('No user sessions')).toBeVisible();
    await tabs.getByRole('link', { name: 'Overview' }).click();

    // Edit: the same form, pre-filled.
    await page.getByRole('link', { name: 'Edit user' }).click();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Name').fill('Renamed Person');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User updated')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Renamed Person' })).toBeVisible();

    // Change the role (Better Auth's set-role) and back; cancelling puts the select back and changes nothing.
    const dialog = page.getByTestId('dialog');
    await choose(page, 'Role', 'Admin');
    await expect(dialog.getByText('Make Renamed Person an administrator?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByLabel('Role')).toHaveText('User');
    await expect(page.locator('header').getByText('User', { exact: true })).toBeVisible();
    await choose(page, 'Role', 'Admin');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expect(page.getByText('Role updated')).toBeVisible();
    await expect(page.locator('header').getByText('Admin', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Role')).toHaveText('Admin');
    await choose(page, 'Role', 'User');
    await expect(dialog.getByText('Remove administrator rights from Renamed Person?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expect(page.locator('header').getByText('User', { exact: true })).toBeVisible();

    // Ban with a reason, then unban.
    await page.getByRole('button', { name: 'Ban' }).click();
    await page.getByLabel('Reason (optional)').fill('Spamming the catalogue');
    await page.getByTestId('dialog').getByRole('button', { name: 'Ban' }).click();
    await expect(page.getByText('User banned')).toBeVisible();
    await expect(page.getByTestId('ban-reason')).toHaveText('Reason: Spamming the catalogue');
    await page.getByRole('button', { name: 'Unban' }).click();
    await expect(page.getByText('User unbanned')).toBeVisible();
    await expect(page.getByTestId('ban-reason')).toHaveCount(0);

    // Two sessions of that user, from two clients.
    const clients = [];
    for (let i = 0; i < 2; i++) {
      const client = await playwrightRequest.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
      await signInViaApi(client, app, sink, email);
      clients.push(client);
    }
    // The Sessions tab, a link of its own.
    await tabs.getByRole('link', { name: 'Sessions' }).click();
    await expect(page).toHaveURL(/\?tab=sessions$/);
    const sessions = page.getByTestId('user-session');
    await expect(sessions).toHaveCount(2);
    await expect(page.getByTestId('session-token').first()).toHaveText(/^[\w-]{4}…[\w-]{4}$/);

    await sessions.first().getByRole('button', { name: 'Revoke' }).click();
    await expect(dialog.getByText('Revoke this session?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(sessions).toHaveCount(2);
    await sessions.first().getByRole('button', { name: 'Revoke' }).click();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Session revoked')).toBeVisible();
    await expect(sessions).toHaveCount(1);
    const stillIn = await Promise.all(clients.map(async (c) => (await (await c.get('/api/auth/get-session')).json()) !== null));
    expect(stillIn.filter(Boolean)).toHaveLength(1);

    await page.getByRole('button', { name: 'Revoke all' }).click();
    await expect(dialog.getByText('Revoke every session of this user?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(sessions).toHaveCount(1);
    // While the call runs (held back here), the confirm button is disabled and says so.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/admin/revoke-user-sessions', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Revoke all' }).click();
    await dialog.getByRole('button', { name: 'Revoke all' }).click();
    await expect(dialog.getByRole('button', { name: 'Working…' })).toBeDisabled();
    release();
    await expect(page.getByText('All sessions revoked')).toBeVisible();
    await page.unroute('**/api/auth/admin/revoke-user-sessions');
    await expect(page.getByText('No user sessions')).toBeVisible();
    for (const c of clients) {
      expect(await (await c.get('/api/auth/get-session')).json()).toBeNull();
      await c.dispose();
    }

    // Delete (on the overview's danger zone), confirmed first.
    await tabs.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleting is permanent')).toBeVisible();
    await page.getByTestId('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('User deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/manager\/users$/);
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(email);
    await expect(page.getByTestId('search-results')).toHaveText(`0 results for "${email}"`);
  });

  test('the last admin cannot ban, delete or demote themselves', async ({ adminPage: page, app }) => {
    await page.goto('/manager/users?searchTerm=admin%40example.com');
    await hydrated(page);
    await page.locator('tbody tr').first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ban' })).toBeDisabled();
    await expect(page.getByText('You cannot ban yourself')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    // The Role select is disabled with the reason, as Ban is.
    await expect(page.getByLabel('Role')).toBeDisabled();
    await expect(page.getByLabel('Role')).toHaveText('Admin');
    await expect(page.getByText('The last administrator cannot be demoted', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Role')).toHaveAccessibleDescription(/The last administrator cannot be demoted/);

    // The edit form too: the Role select is disabled, the reason shown and read with it.
    const userId = /\/manager\/users\/([^/?]+)/.exec(page.url())![1]!;
    await page.getByRole('link', { name: 'Edit user' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit user' })).toBeVisible();
    await expect(page.getByLabel('Role')).toBeDisabled();
    await expect(page.getByLabel('Role')).toHaveText('Admin');
    await expect(page.getByText('The last administrator cannot be demoted', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Role')).toHaveAccessibleDescription(/The last administrator cannot be demoted/);
    // The server refuses it all the same.
    const refused = await page.request.put(`/api/rpc/users/${userId}`, {
      data: { name: 'Admin', email: 'admin@example.com', role: 'user' },
      headers: { Origin: app.url },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'LAST_ADMIN',
      message: 'The last administrator cannot be demoted, banned or deleted',
    });
    // Still an admin: the manager still opens.
    expect((await page.request.get('/manager/users')).status()).toBe(200);
  });
});

test.describe('manager: dashboard', () => {
  // example:start
  test('shows the counts and the newest users and books, each linking to its page', async ({ adminPage: page }) => {
    await page.goto('/manager/users');
    const total = Number(/of (\d+)/.exec((await page.getByTestId('showing').textContent())!)![1]);
    await page.goto('/manager/dashboard');
    await hydrated(page);
    await expect(page.getByTestId('count-users').locator('dd').first()).toHaveText(String(total));
    await expect(page.getByTestId('count-admins')).toHaveText('1 admin');
    await expect(page.getByTestId('count-books').locator('dd').first()).toHaveText(/^\d+$/);
    // The trend against the 30 days before, the sign-ups chart, relative times, cards that open their list.
    await expect(page.getByTestId('trend-users')).toHaveText(/(vs the period before|none in the period before)$/);
    // The chart: a column per day under the running total's area; a tooltip on hover; one tab stop
    // whose arrow keys read the days out. The last day's running total is the period's new users.
    const chart = page.getByRole('group', { name: 'Sign-ups per day' });
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('[data-day]')).toHaveCount(30);
    await expect(page.getByRole('table', { name: 'Sign-ups per day' }).getByRole('row')).toHaveCount(31);
    const newUsers = /(\d+) new users?/.exec((await page.getByTestId('signups-chart').textContent())!)![1];
    await chart.locator('[data-day]').last().hover();
    await expect(page.getByTestId('signups-tooltip')).toContainText(
      new RegExp(`Sign-ups: [1-9]\\d*· Running total: ${newUsers}Books added: \\d+· Running total: \\d+$`),
    );
    await page.mouse.move(0, 0);
    await expect(page.getByTestId('signups-tooltip')).toHaveCount(0);
    await chart.focus();
    await expect(page.getByRole('status').filter({ hasText: 'Sign-ups:' })).toHaveText(
      /, Sign-ups: [1-9]\d*, Running total: [1-9]\d*, Books added: \d+, Running total: [1-9]\d*$/,
    );
    await page.keyboard.press('Home');
    // The first day: the running totals are that day's own counts.
    await expect(page.getByTestId('signups-tooltip')).toContainText(
      /Sign-ups: (\d+)· Running total: \1Books added: (\d+)· Running total: \2$/,
    );
    await expect(page.getByRole('region', { name: 'Newest users' }).locator('time').first()).toHaveText(/ago|now|yesterday|last/);
    await page.getByTestId('count-admins').click();
    await expect(page).toHaveURL(/\/manager\/users\?role=admin$/);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.goBack();
    const newestUser = page.getByRole('region', { name: 'Newest users' }).getByRole('list').getByRole('link').first();
    await newestUser.click();
    await expect(page).toHaveURL(/\/manager\/users\/[\w-]+$/);
    await page.goBack();
    await page.getByRole('region', { name: 'Newest books' }).getByRole('list').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/manager\/books\/[\w-]+$/);
    await page.goBack();
    await page.getByRole('region', { name: 'Newest users' }).getByRole('link', { name: 'View all' }).click();
    await expect(page).toHaveURL(/\/manager\/users\?sort=createdAt&order=desc$/);
  });
  // example:end

  test("has dashboard-01's finish: a badge and a footer on every card, books beside sign-ups, the end labels on their points", async ({
    adminPage: page,
  }) => {
    await page.goto('/manager/dashboard?days=7');
    await hydrated(page);
    // A trend badge where there is a trend ('+12%', or 'New' after a period with none); what the others cover.
    for (const key of ['users', 'books']) {
      await expect(page.getByTestId(`count-${key}`).getByTestId('trend-badge')).toHaveText(/^([+-]\d+%|0%|New)$/);
      await expect(page.getByTestId(`count-${key}`).locator('dd').last()).toContainText(/(Trending up|Down|Steady) this period/);
    }
    await expect(page.getByTestId('count-activeSessions').locator('dt')).toContainText('Now');
    await expect(page.getByTestId('count-activeSessions').locator('dd').last()).toContainText('Sessions not yet expired');
    await expect(page.getByTestId('count-genres').locator('dt')).toContainText('All time');
    await expect(page.getByTestId('count-genres').locator('dd').last()).toHaveText("Group the catalogue's books");
    // Two series: sign-ups and books added, named in a legend and in the hidden table.
    const chart = page.getByTestId('signups-chart');
    await expect(chart.getByRole('heading', { name: 'Sign-ups and books' })).toBeVisible();
    await expect(page.getByTestId('chart-legend')).toHaveText('Sign-upsBooks added');
    await expect(chart.locator('path[data-series="books"]')).toHaveCount(1);
    await expect(chart.locator('path[data-series="signups"]')).toHaveCount(1);
    await expect(page.getByRole('table', { name: 'Sign-ups per day' }).getByRole('columnheader')).toHaveText([
      'Day',
      'Sign-ups',
      'Running total',
      'Books added',
      'Books, running total',
    ]);
    // The first and last day's labels are centred on their days' points.
    const days = chart.locator('[data-day]');
    const labels = chart.locator('[data-testid="signups-bars"] > div.col-start-2 span span');
    await expect(labels).toHaveCount(7);
    for (const [day, label] of [
      [days.first(), labels.first()],
      [days.last(), labels.last()],
    ] as const) {
      const [d, l] = [(await day.boundingBox())!, (await label.boundingBox())!];
      expect(Math.abs(l.x + l.width / 2 - (d.x + d.width / 2))).toBeLessThan(2);
    }
  });

  test('shows the last 7 days, 30 days or 3 months, the range in the URL and in the server-rendered page', async ({ adminPage: page }) => {
    await page.goto('/manager/dashboard');
    const range = page.getByRole('navigation', { name: 'Period' });
    await expect(range.getByRole('link', { name: 'Last 30 days' })).toHaveAttribute('aria-current', 'page');
    await range.getByRole('link', { name: 'Last 7 days' }).click();
    await expect(page).toHaveURL(/\/manager\/dashboard\?days=7$/);
    await expect(page.getByRole('group', { name: 'Sign-ups per day' }).locator('[data-day]')).toHaveCount(7);
    await expect(page.getByTestId('signups-chart')).toContainText('Last 7 days');
    await range.getByRole('link', { name: 'Last 3 months' }).click();
    await expect(page).toHaveURL(/\?days=90$/);
    await expect(page.getByRole('group', { name: 'Sign-ups per day' }).locator('[data-day]')).toHaveCount(90);
    // Rendered on the server for the range in the URL (the switch is links: it works before hydration).
    const html = await (await page.request.get('/manager/dashboard?days=90')).text();
    expect(html.match(/data-day="/g)).toHaveLength(90);
    // Any other range reads as the default one.
    await page.goto('/manager/dashboard?days=14');
    await expect(page.getByRole('group', { name: 'Sign-ups per day' }).locator('[data-day]')).toHaveCount(30);
  });
});
