import { request as playwrightRequest, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, clientHeaders, expect, signInViaApi, test } from './support/fixtures';
import { startApp } from './support/app-server';
import { startSmtpSink } from './support/smtp-sink';

/** The uploader has its own chunk, hydrated after the page. */
const hydrated = async (page: Page, uploader = true) => {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  if (uploader) await expect(page.locator('[data-uploader="ready"]')).toBeVisible();
};

const picture = async (background: string) => ({
  name: 'picture.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 320, height: 320, channels: 3, background } })
    .png()
    .toBuffer(),
});

test.describe('pictures', () => {
  test('a user uploads a profile picture and sees it in the top bar', async ({ userPage: page }) => {
    await page.goto('/app/account');
    await hydrated(page);
    const header = page.locator('header');
    await expect(header.locator('[data-avatar="initials"]')).toHaveText('U');
    // No picture yet: the picture card shows the initials that stand for one.
    const card = page.getByRole('region', { name: 'Profile picture' });
    await expect(card.locator('[data-avatar="initials"]')).toHaveText('U');

    await page.getByLabel('Choose a file').setInputFiles(await picture('#2266aa'));
    await expect(page.getByText('Picture saved')).toBeVisible();
    const avatar = header.locator('img[data-avatar="picture"]');
    await expect(avatar).toHaveAttribute('src', /^\/uploads\/users\/[A-Za-z0-9_-]+\/[0-9a-f]{32}-256\.webp$/);
    await expect(avatar).toHaveAttribute('srcset', /-64\.webp 64w, .*-256\.webp 256w, .*-768\.webp 768w$/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const served = await page.request.get((await avatar.getAttribute('src'))!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/webp');
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    // Still there after a reload (server render), then removed: the initials come back.
    await page.reload();
    await hydrated(page);
    await expect(header.locator('img[data-avatar="picture"]')).toBeVisible();
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Picture removed')).toBeVisible();
    await expect(header.locator('[data-avatar="initials"]')).toHaveText('U');
    await expect(card.locator('[data-avatar="initials"]')).toHaveText('U');
  });

  test('a refused file shows the server’s reason', async ({ userPage: page }) => {
    await page.goto('/app/account');
    await hydrated(page);
    await page.getByLabel('Choose a file').setInputFiles({
      name: 'drawing.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'This file is not a picture we accept.' })).toBeVisible();
  });

  // example:start
  test('an admin adds a cover and sees it in both book lists', async ({ adminPage: page }) => {
    const list = await (await page.request.get('/api/rpc/books?limit=1')).json();
    const book = list.items[0] as { id: string; title: string };
    await page.goto(`/manager/books/${book.id}/update`);
    await hydrated(page);
    await page.getByLabel('Choose a file').setInputFiles(await picture('#aa3355'));
    await expect(page.getByText('Picture saved')).toBeVisible();

    await page.goto('/manager/books');
    await hydrated(page, false);
    const row = page.getByRole('row').filter({ hasText: book.title }).first();
    await expect(row.locator('img[data-cover="picture"]')).toHaveAttribute(
      'src',
      new RegExp(`^/uploads/books/${book.id}/[0-9a-f]{32}-256\\.webp$`),
    );

    await page.goto('/app/books');
    await hydrated(page, false);
    const cover = page.getByTestId('book-list').locator('li').filter({ hasText: book.title }).first().locator('img[data-cover="picture"]');
    await expect(cover).toHaveAttribute('src', new RegExp(`^/uploads/books/${book.id}/`));
    await expect(cover).toHaveAttribute('loading', 'lazy');
    // The seed's books have no picture: their covers are drawn.
    await page.getByLabel('Search books').fill('Treasure Island');
    const seeded = page.getByTestId('book-list').locator('li').filter({ hasText: 'Treasure Island' });
    await expect(seeded.locator('[data-cover="generated"]')).toBeVisible();
    await expect(seeded.locator('img[data-cover="picture"]')).toHaveCount(0);

    await page.goto(`/app/books/${book.id}`);
    await expect(page.locator('main img[data-cover="picture"]')).toBeVisible();
  });
  // example:end

  test("a user's picture heads the manager's user page; their sessions show the device, as a table and as cards", async ({
    adminPage: page,
    app,
    sink,
  }) => {
    const email = `pictured.${Date.now()}@example.org`;
    const created = await page.request.post('/api/rpc/users', { data: { name: 'Pictured Person', email } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const client = await playwrightRequest.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    await signInViaApi(client, app, sink, email);
    const put = await page.request.put(`/api/images/users/${id}`, {
      headers: { 'Content-Type': 'image/png', Origin: app.url },
      data: (await picture('#22aa66')).buffer,
    });
    expect(put.status()).toBe(200);

    await page.goto(`/manager/users/${id}`);
    await hydrated(page, false);
    await expect(page.locator('#main header img[data-avatar="picture"]')).toHaveAttribute('src', new RegExp(`^/uploads/users/${id}/`));
    // The picture changes from the avatar: a dialog with the uploader.
    await page.getByRole('button', { name: 'Change picture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile picture' });
    await expect(dialog.locator('[data-uploader="ready"]')).toBeVisible();
    await dialog.getByLabel('Choose a file').setInputFiles(await picture('#aa2266'));
    await expect(page.getByText('Picture saved')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Change picture' })).toBeFocused();

    await page.getByRole('link', { name: 'Sessions' }).click();
    const row = page.getByTestId('user-session');
    await expect(row).toHaveCount(1);
    // A session row names the device, not the person the page is about.
    await expect(row.locator('[data-avatar]')).toHaveCount(0);
    // Below 640 px the same session is a card, with its labelled fields and Revoke on screen.
    await page.setViewportSize({ width: 375, height: 812 });
    const card = page.getByTestId('user-session-cards').getByTestId('user-session');
    await expect(card).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Sessions' }).locator('table')).toHaveCount(0);
    await expect(card.locator('[data-avatar]')).toHaveCount(0);
    for (const label of ['IP address', 'Last active', 'Token']) await expect(card.getByText(label, { exact: true })).toBeVisible();
    const revoke = card.getByRole('button', { name: 'Revoke' });
    await revoke.scrollIntoViewIfNeeded();
    await expect(revoke).toBeInViewport({ ratio: 1 });
    await client.dispose();
  });

  test('a user cannot change someone else’s picture: the server refuses', async ({ userPage, adminPage, app }) => {
    const admin = await (await adminPage.request.get('/api/auth/get-session')).json();
    const bytes = (await picture('#111111')).buffer;
    const put = await userPage.request.put(`/api/images/users/${admin.user.id}`, {
      headers: { 'Content-Type': 'image/png', Origin: app.url },
      data: bytes,
    });
    expect(put.status()).toBe(403);
    expect(await put.json()).toEqual({ code: 'FORBIDDEN', message: 'You are not allowed to access resource: user' });
    const del = await userPage.request.delete(`/api/images/users/${admin.user.id}`, { headers: { Origin: app.url } });
    expect(del.status()).toBe(403);
    // Nor a book's cover.
    const list = await (await userPage.request.get('/api/rpc/books?limit=1')).json();
    const cover = await userPage.request.put(`/api/images/books/${list.items[0].id}`, {
      headers: { 'Content-Type': 'image/png', Origin: app.url },
      data: bytes,
    });
    expect(cover.status()).toBe(403);
    expect((await (await adminPage.request.get('/api/auth/get-session')).json()).user.image).toBe(admin.user.image);
  });
});

test.describe('pictures in demo mode', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an upload is refused with the Demo Mode dialog and changes nothing', async ({ browser }) => {
    const sink = await startSmtpSink();
    const app = await startApp({ DEMO_MODE: 'true', EMAIL_SERVER: sink.url });
    try {
      const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
      const page = await context.newPage();
      await signInViaApi(page.request, app, sink, ADMIN);
      await page.goto('/manager/account');
      await hydrated(page);
      await page.getByLabel('Choose a file').setInputFiles(await picture('#22aa66'));
      const demo = page.getByRole('dialog', { name: 'Demo Mode' });
      await expect(demo).toBeVisible();
      await expect(demo.getByText('This is a read-only demo, this action is disabled.')).toBeVisible();
      const session = await (await page.request.get('/api/auth/get-session')).json();
      expect(session.user.image).toBe(null);
      await context.close();
    } finally {
      await app.stop();
      await sink.close();
    }
  });
});
