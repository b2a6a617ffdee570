import { ADMIN, clientHeaders, expect, signInViaApi, test, hydrated } from './support/fixtures';
import { startApp } from './support/app-server';
import { startSmtpSink } from './support/smtp-sink';

test.describe('demo mode on the server', () => {
  // These tests start servers of their own: give them room on a busy 2-core machine.
  test.describe.configure({ timeout: 180_000 });
  test('refuses writes on both APIs with 403 DEMO_MODE and changes nothing', async ({ playwright }) => {
    const sink = await startSmtpSink();
    const app = await startApp({ DEMO_MODE: 'true', EMAIL_SERVER: sink.url });
    try {
      const request = await playwright.request.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
      await signInViaApi(request, app, sink, ADMIN);
      const headers = { Origin: app.url };
      const before = await (await request.get('/api/rpc/books?limit=100')).json();
      const session = await (await request.get('/api/auth/get-session')).json();
      expect(session.user.email).toBe(ADMIN);

      const writes = [
        request.post('/api/rpc/books', { data: { title: 'Demo', author: 'Nobody' } }),
        request.put(`/api/rpc/books/${before.items[0].id}`, { data: { title: 'Changed', author: 'Nobody' } }),
        request.delete(`/api/rpc/books/${before.items[0].id}`),
        request.post('/api/rpc/genres', { data: { name: 'Demo genre' } }),
        request.post('/api/auth/update-user', { data: { name: 'Hacked' }, headers }),
        request.post('/api/auth/admin/ban-user', { data: { userId: session.user.id }, headers }),
        request.post('/api/auth/revoke-sessions', { data: {}, headers }),
        request.post('/api/auth/delete-user', { data: {}, headers }),
      ];
      for (const res of await Promise.all(writes)) {
        expect(res.status(), res.url()).toBe(403);
        expect(await res.json()).toMatchObject({ code: 'DEMO_MODE', message: 'This is a read-only demo, this action is disabled.' });
      }
      const after = await (await request.get('/api/rpc/books?limit=100')).json();
      expect(after).toEqual(before);
      expect((await (await request.get('/api/auth/get-session')).json()).user.name).toBe('Admin');
      // Signing out is not a data change: it works.
      expect((await request.post('/api/auth/sign-out', { data: {}, headers })).status()).toBe(200);
      await request.dispose();
    } finally {
      await app.stop();
      await sink.close();
    }
  });
});

test.describe('demo mode in the browser', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a refused write opens the Demo Mode dialog and changes nothing; the switch page marks access', async ({ browser }) => {
    const sink = await startSmtpSink();
    const app = await startApp({ DEMO_MODE: 'true', EMAIL_SERVER: sink.url });
    try {
      const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.getByText(/Demo accounts: admin@example.com and user@example.com/)).toBeVisible();
      await signInViaApi(page.request, app, sink, 'user@example.com');

      await page.goto('/app');
      const app_ = page.getByRole('listitem').filter({ hasText: 'a simple, mobile-first application' });
      const manager = page.getByRole('listitem').filter({ hasText: 'an advanced, admin-style application' });
      await expect(app_.getByText('You are here')).toBeVisible();
      await expect(manager.getByText('Access Denied')).toBeVisible();
      await expect(app_.getByText('Access Denied')).toHaveCount(0);

      await page.goto('/app/account?state=change-name');
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      const drawer = page.getByTestId('dialog').filter({ hasText: 'Change name' });
      await drawer.getByLabel('Name').fill('Not Allowed');
      await drawer.getByRole('button', { name: 'Save' }).click();
      const demo = page.getByRole('dialog', { name: 'Demo Mode' });
      await expect(demo).toBeVisible();
      await expect(demo.getByText('This is a read-only demo, this action is disabled.')).toBeVisible();
      await expect(demo.getByText('npm install && npm start')).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('account-name')).toHaveText('User');

      // Deleting one's account or signing out everywhere (every visitor shares the account) opens the same dialog.
      await page.goto('/app/account');
      await hydrated(page);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByTestId('dialog').getByLabel('Type user@example.com to confirm').fill('user@example.com');
      await page.getByTestId('dialog').getByRole('button', { name: 'Delete my account' }).click();
      await expect(demo).toBeVisible();
      await demo.getByRole('button', { name: 'Close' }).first().click();
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      // It asks first; confirming is what the demo refuses.
      await page.getByTestId('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
      await expect(demo).toBeVisible();
      const still = (await (await page.request.get('/api/auth/get-session')).json()) as { user: { email: string } };
      expect(still.user.email).toBe('user@example.com');
      await context.close();

      // An admin creating a book gets the same dialog, and no book appears.
      const adminContext = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
      const admin = await adminContext.newPage();
      await signInViaApi(admin.request, app, sink, 'admin@example.com');
      await admin.goto('/manager/books/new');
      await expect(admin.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await admin.getByLabel('Title', { exact: true }).fill('Demo Book');
      await admin.getByLabel('Author', { exact: true }).fill('Nobody');
      await admin.getByRole('button', { name: 'Create' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Demo Mode' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('This is a read-only demo, this action is disabled.')).toBeVisible();
      // The refused write just ends: the form keeps what was typed, with no message of its own.
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await expect(admin.getByLabel('Title', { exact: true })).toHaveValue('Demo Book');
      await expect(admin.locator('form [role="alert"]')).toHaveCount(0);
      await expect(admin.locator('[data-sonner-toast]')).toHaveCount(0);
      const list = await (await admin.request.get('/api/rpc/books?searchTerm=Demo%20Book')).json();
      expect(list.total).toBe(0);

      // Impersonation is allowed in demo mode, and writes stay refused as the user.
      const users = (await (await admin.request.get('/api/rpc/users?searchTerm=user%40example.com')).json()) as {
        items: Array<{ id: string }>;
      };
      await admin.goto(`/manager/users/${users.items[0]!.id}`);
      await expect(admin.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await admin.getByRole('button', { name: 'Impersonate' }).click();
      await expect(admin.getByTestId('impersonation-banner')).toContainText('You are impersonating User');
      // Its button works once the user's page has hydrated.
      await expect(admin.locator('html')).toHaveAttribute('data-hydrated', 'true');
      const asUser = await admin.request.post('/api/auth/update-user', { data: { name: 'Hacked' }, headers: { Origin: app.url } });
      expect(await asUser.json()).toMatchObject({ code: 'DEMO_MODE' });
      await admin.getByRole('button', { name: 'Stop impersonating' }).click();
      await expect(admin).toHaveURL(new RegExp(`/manager/users/${users.items[0]!.id}$`));
      await expect(admin.getByTestId('impersonation-banner')).toHaveCount(0);
      await adminContext.close();
    } finally {
      await app.stop();
      await sink.close();
    }
  });
});
