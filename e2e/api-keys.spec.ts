// API keys in a real browser and over real HTTP (docs/decisions/073-api-keys.md): made on the account page,
// the secret read off the page once, used by a program, refused outside its permissions and outside the API,
// revoked by its owner and by an administrator.
import { request as playwrightRequest } from '@playwright/test';
import { TEST_DATABASE_URL } from '../tests/support/databases';
import { withAppOnPostgres } from './support/app-on-postgres';
import { apiOperation, clientHeaders, expect, hydrated, signInViaApi, test } from './support/fixtures';

test.describe('API keys', () => {
  test('a person makes a key, a program uses it within its permissions, and revoking it ends it', async ({
    adminPage,
    browser,
    app,
    sink,
  }) => {
    const email = `key.owner.${Date.now()}@example.org`;
    expect((await adminPage.request.post('/api/rpc/users', { data: { name: 'Key Owner', email } })).status()).toBe(201);
    const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const page = await context.newPage();
    await signInViaApi(page.request, app, sink, email);

    await page.goto('/app/account');
    await hydrated(page);
    const section = page.getByRole('region', { name: 'API keys' });
    await expect(section.getByText('No API keys yet')).toBeVisible();
    await section.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog');
    // Nothing chosen: refused in the form, before any request.
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByText('Name the key')).toBeVisible();
    await expect(dialog.getByText('Choose at least one permission')).toBeVisible();
    // A user's role reads books and genres: that is all it is offered of them, and nothing of the manager's.
    await expect(dialog.getByRole('group', { name: 'Books' }).getByRole('checkbox')).toHaveCount(1);
    await expect(dialog.getByRole('group', { name: 'Genres' }).getByRole('checkbox')).toHaveCount(1);
    for (const manager of ['Users', 'Audit log', 'Webhooks']) await expect(dialog.getByRole('group', { name: manager })).toHaveCount(0);
    await dialog.getByLabel('Name').fill('Catalogue sync');
    await dialog.getByRole('group', { name: 'Books' }).getByRole('checkbox', { name: 'Read' }).check();
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const secretField = dialog.getByTestId('api-key-secret');
    await expect(secretField).toHaveValue(/^sb_[A-Za-z0-9]{64}$/);
    const secret = await secretField.inputValue();
    await expect(dialog.getByText('It will not be shown again.', { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const listed = section.getByTestId('api-key');
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText('Catalogue sync');
    await expect(listed).toContainText(secret.slice(0, 11));
    await expect(listed).toContainText('Never used');
    await expect(page.locator('body')).not.toContainText(secret);

    // A program: no cookie, only the key.
    const program = await playwrightRequest.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const books = await program.get('/api/rpc/books?limit=3', { headers: { 'x-api-key': secret } });
    expect(books.status()).toBe(200);
    expect(((await books.json()) as { items: unknown[] }).items).toHaveLength(3);
    expect((await program.get('/api/rpc/books?limit=1', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(200);
    const write = await program.post('/api/rpc/books', { headers: { 'x-api-key': secret }, data: { title: 'No', author: 'Key' } });
    expect(write.status()).toBe(403);
    expect(await write.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You are not allowed to access resource: book' });
    const onPage = await program.get('/app/books', { headers: { 'x-api-key': secret } });
    expect(onPage.status()).toBe(401);
    expect(((await onPage.json()) as { code: string }).code).toBe('API_KEY_NOT_HERE');
    expect((await program.get('/api/auth/get-session', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(401);

    // Its last use shows on the next visit.
    await page.reload();
    await hydrated(page);
    await expect(listed).not.toContainText('Never used');

    await listed.getByRole('button', { name: 'Revoke Catalogue sync' }).click();
    await page.getByTestId('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(section.getByText('No API keys yet')).toBeVisible();
    const after = await program.get('/api/rpc/books?limit=1', { headers: { 'x-api-key': secret } });
    expect([after.status(), ((await after.json()) as { code: string }).code]).toEqual([401, 'API_KEY_INVALID']);
    expect(app.output()).not.toContain(secret);
    await program.dispose();
    await context.close();
  });

  test('an administrator sees a user’s keys on their page and revokes one', async ({ adminPage, userPage }) => {
    const made = await userPage.request.post('/api/rpc/account/api-keys', {
      data: { name: `Reader ${Date.now()}`, expiresInDays: 30, permissions: { genre: ['read'] } },
    });
    expect(made.status()).toBe(200);
    const { id, name, secret } = (await made.json()) as { id: string; name: string; secret: string };
    const users = (await (await adminPage.request.get('/api/rpc/users?searchTerm=user@example.com')).json()) as {
      items: Array<{ id: string }>;
    };
    await adminPage.goto(`/manager/users/${users.items[0]!.id}?tab=sessions`);
    await hydrated(adminPage);
    const key = adminPage.getByRole('region', { name: 'API keys' }).getByTestId('api-key').filter({ hasText: name });
    await expect(key).toContainText('Genres: Read');
    await key.getByRole('button', { name: `Revoke ${name}` }).click();
    await adminPage.getByTestId('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(key).toHaveCount(0);
    expect((await adminPage.request.get('/api/rpc/genres', { headers: { 'x-api-key': secret } })).status()).toBe(401);
    const audit = (await (await adminPage.request.get('/api/rpc/audit?action=api-key.revoked')).json()) as {
      items: Array<{ details: { keyId?: string } | null }>;
    };
    expect(audit.items.some((event) => event.details?.keyId === id)).toBe(true);

    // The manager's own account page has the same section, offering what an administrator may do.
    await adminPage.goto('/manager/account');
    await hydrated(adminPage);
    const own = adminPage.getByRole('region', { name: 'API keys' });
    await own.getByRole('button', { name: 'Create key' }).click();
    const dialog = adminPage.getByRole('dialog');
    await expect(dialog.getByRole('group', { name: 'Users' }).getByRole('checkbox', { name: 'Ban' })).toBeVisible();
    await adminPage.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('over HTTP on PostgreSQL: a key reads within its permissions, is refused outside them, and /api/docs can take it', async ({
    browser,
  }) => {
    test.skip(!TEST_DATABASE_URL, 'needs TEST_DATABASE_URL (CI sets it to the local PostgreSQL)');
    // Swagger UI renders the whole document on the main thread: slow on a loaded CI machine.
    test.setTimeout(240_000);
    await withAppOnPostgres({}, async ({ app, sink, db }) => {
      const owner = await playwrightRequest.newContext({ baseURL: app.url, extraHTTPHeaders: { ...clientHeaders(), origin: app.url } });
      await signInViaApi(owner, app, sink, 'admin@example.com');
      const made = await owner.post('/api/rpc/account/api-keys', {
        data: { name: 'Postgres script', expiresInDays: null, permissions: { book: ['read'], user: ['list'] } },
      });
      expect(made.status()).toBe(200);
      const { secret } = (await made.json()) as { secret: string };
      const program = await playwrightRequest.newContext({ baseURL: app.url, extraHTTPHeaders: { authorization: `Bearer ${secret}` } });
      expect((await program.get('/api/rpc/users?limit=1')).status()).toBe(200);
      expect((await program.post('/api/rpc/books', { data: { title: 'No', author: 'Key' } })).status()).toBe(403);
      const { rows } = await db.query<{ key: string }>('select key from api_key where name = $1', ['Postgres script']);
      expect(rows[0]!.key).not.toContain(secret);
      // Demoted in the database: the next call is refused.
      await db.query(`update "user" set role = 'user' where email = 'admin@example.com'`);
      expect((await program.get('/api/rpc/users?limit=1')).status()).toBe(403);
      await db.query(`update "user" set role = 'admin' where email = 'admin@example.com'`);

      // The API reference offers both ways of presenting a key, and a reader with no session tries a request with one.
      const page = await browser.newPage({ baseURL: app.url });
      await page.goto('/api/docs');
      await page.getByRole('button', { name: 'Authorize' }).first().click({ timeout: 90_000 });
      // Swagger UI's Available authorizations: each scheme with its own value box.
      await expect(page.getByRole('heading', { name: 'bearer (http, Bearer)', exact: true })).toBeVisible();
      const apiKeyScheme = page
        .locator('.auth-container')
        .filter({ has: page.getByRole('heading', { name: 'apiKey (apiKey)', exact: true }) });
      await apiKeyScheme.getByRole('textbox').fill(secret);
      await apiKeyScheme.getByRole('button', { name: 'Apply credentials' }).click();
      await expect(apiKeyScheme.getByRole('button', { name: 'Remove authorization' })).toBeVisible();
      await page.getByRole('button', { name: 'Close' }).first().click();
      const listUsers = await apiOperation(page, '/api/rpc/users');
      await listUsers.locator('.opblock-summary-control').click();
      await listUsers.getByRole('button', { name: 'Try it out' }).click();
      await listUsers.getByRole('button', { name: 'Execute' }).click();
      // The request Swagger UI shows it sent carries the key, and the server's answer is the list.
      await expect(listUsers.locator('.curl-command')).toContainText(`x-api-key: ${secret}`, { timeout: 30_000 });
      const answer = listUsers.locator('.live-responses-table tr.response');
      await expect(answer.locator('.response-col_status')).toHaveText('200');
      await expect(answer.locator('.response-col_description')).toContainText('"items"');
      await page.close();
      await program.dispose();
      await owner.dispose();
    });
  });
});
