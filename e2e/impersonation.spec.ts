import type { APIRequestContext } from '@playwright/test';
import { clientHeaders, expect, test, hydrated } from './support/fixtures';

async function findUser(request: APIRequestContext, email: string) {
  const list = (await (await request.get(`/api/rpc/users?searchTerm=${encodeURIComponent(email)}`)).json()) as {
    items: Array<{ id: string; name: string }>;
  };
  return list.items[0]!;
}

test.describe('impersonation', () => {
  test('an admin impersonates a user, sees the banner and their pages, then stops', async ({
    adminPage: page,
    browser,
    app,
    adminState,
  }) => {
    const amina = await findUser(page.request, 'amina.mwangi@example.com');
    await page.goto(`/manager/users/${amina.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Impersonate' }).click();

    await expect(page).toHaveURL(/\/app$/);
    const banner = page.getByTestId('impersonation-banner');
    await expect(banner).toContainText('You are impersonating Amina Mwangi');
    await page.goto('/app/account');
    await expect(page.getByTestId('account-email')).toHaveText('amina.mwangi@example.com');
    await expect(banner).toBeVisible();
    // As that user: no manager.
    const manager = await page.goto('/manager/users');
    expect(manager?.status()).toBe(403);
    await expect(banner).toBeVisible();

    // In another admin window the session is listed as an impersonation, for 1 hour.
    const other = await browser.newContext({ baseURL: app.url, storageState: adminState, extraHTTPHeaders: clientHeaders() });
    const sessions = (await (
      await other.request.post('/api/auth/admin/list-user-sessions', { data: { userId: amina.id }, headers: { Origin: app.url } })
    ).json()) as { sessions: Array<{ impersonatedBy?: string; createdAt: string; expiresAt: string }> };
    const impersonation = sessions.sessions.find((s) => s.impersonatedBy);
    expect(impersonation).toBeDefined();
    const lifetime = (Date.parse(impersonation!.expiresAt) - Date.parse(impersonation!.createdAt)) / 1000;
    expect(lifetime).toBeGreaterThan(3590);
    expect(lifetime).toBeLessThanOrEqual(3600);
    const otherPage = await other.newPage();
    await otherPage.goto(`/manager/users/${amina.id}?tab=sessions`);
    await expect(otherPage.getByTestId('user-session').filter({ hasText: 'Impersonation' })).toHaveCount(1);
    await other.close();

    await page.goto('/app');
    await hydrated(page);
    await page.getByRole('button', { name: 'Stop impersonating' }).click();
    await expect(page).toHaveURL(new RegExp(`/manager/users/${amina.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Amina Mwangi' })).toBeVisible();
    await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
    const me = (await (await page.request.get('/api/auth/get-session')).json()) as { user: { email: string } };
    expect(me.user.email).toBe('admin@example.com');

    // Both ids, in the server's log, for the start and the stop.
    const adminId = (await findUser(page.request, 'admin@example.com')).id;
    const lines = app
      .output()
      .split('\n')
      .filter((l) => l.includes('"event":"impersonation.'));
    const events = lines.map((l) => JSON.parse(l) as { event: string; adminId: string; userId: string });
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: 'impersonation.start', adminId, userId: amina.id }),
        expect.objectContaining({ event: 'impersonation.stop', adminId, userId: amina.id }),
      ]),
    );
  });

  test('the server refuses to impersonate an admin, oneself or a banned user; the page hides the button', async ({
    adminPage: page,
    app,
  }) => {
    const headers = { Origin: app.url };
    const created = await page.request.post('/api/rpc/users', {
      data: { name: 'Other Admin', email: `other.admin.${Date.now()}@example.com`, role: 'admin' },
    });
    expect(created.status()).toBe(201);
    const otherAdmin = (await created.json()) as { id: string };
    const banned = (await (
      await page.request.post('/api/rpc/users', { data: { name: 'Banned One', email: `banned.${Date.now()}@example.com` } })
    ).json()) as { id: string };
    expect((await page.request.post('/api/auth/admin/ban-user', { data: { userId: banned.id }, headers })).status()).toBe(200);
    const self = await findUser(page.request, 'admin@example.com');

    for (const [userId, code] of [
      [otherAdmin.id, 'YOU_CANNOT_IMPERSONATE_ADMINS'],
      [self.id, 'YOU_CANNOT_IMPERSONATE_ADMINS'],
      [banned.id, 'YOU_CANNOT_IMPERSONATE_BANNED_USERS'],
    ] as const) {
      const res = await page.request.post('/api/auth/admin/impersonate-user', { data: { userId }, headers });
      expect(res.status(), code).toBe(403);
      expect(await res.json()).toMatchObject({ code });
    }
    for (const id of [otherAdmin.id, banned.id, self.id]) {
      await page.goto(`/manager/users/${id}`);
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // No Impersonate: the server would refuse it.
      await expect(page.getByRole('button', { name: 'Impersonate' })).toHaveCount(0);
    }
    // One admin left for the other tests.
    for (const userId of [otherAdmin.id, banned.id]) {
      expect((await page.request.post('/api/auth/admin/remove-user', { data: { userId }, headers })).status()).toBe(200);
    }
  });
});
