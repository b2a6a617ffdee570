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

  // example:start
  test('an admin creates a book with its cover in one Save; a refused file is said on the field and keeps what was typed', async ({
    adminPage: page,
  }) => {
    await page.goto('/manager/books/new');
    await hydrated(page);
    const title = `Covered ${Date.now()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Author', { exact: true }).fill('Ann Cover');
    const field = page.locator('form').getByRole('region', { name: 'Cover' });
    const choose = field.getByLabel('Choose a file');
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/images/')) uploads.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });

    // Refused in the browser, before anything is made: the field says why, the typed fields stay.
    await choose.setInputFiles({
      name: 'drawing.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await expect(field.getByRole('alert')).toHaveText('This file is not a picture we accept. Use a JPEG, PNG, WebP, AVIF or GIF image.');
    await expect(choose).toHaveAttribute('aria-invalid', 'true');
    await choose.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(field.getByRole('alert')).toHaveText('This picture is too large. The limit is 5 MB.');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(page.getByLabel('Author', { exact: true })).toHaveValue('Ann Cover');

    // A picture the form keeps until Save, shown at once.
    await choose.setInputFiles(await picture('#3355aa'));
    await expect(field.getByTestId('picture-preview')).toHaveAttribute('src', /^blob:/);
    await expect(field.getByRole('alert')).toHaveCount(0);
    expect(uploads).toEqual([]);

    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Book created')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const id = /\/manager\/books\/([^/?]+)$/.exec(page.url())![1]!;
    const cover = new RegExp(`^/uploads/books/${id}/[0-9a-f]{32}-256\\.webp$`);
    await expect(page.locator('main img[data-cover="picture"]')).toHaveAttribute('src', cover);
    expect(uploads).toEqual([`PUT /api/images/books/${id}`]);
    const stored = await (await page.request.get(`/api/rpc/books/${id}`)).json();
    expect(stored.coverImage).toMatch(cover);
  });

  test('a cover the server refuses after the book is made: the form says it on the field and goes on editing that book', async ({
    adminPage: page,
  }) => {
    await page.goto('/manager/books/new');
    await hydrated(page);
    const title = `Half covered ${Date.now()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Author', { exact: true }).fill('Ann Cover');
    const field = page.locator('form').getByRole('region', { name: 'Cover' });
    // Named a PNG, so the browser lets it wait for Save; the server reads the bytes.
    await field
      .getByLabel('Choose a file')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(field.getByRole('alert')).toHaveText('This file is not a picture we accept. Use a JPEG, PNG, WebP, AVIF or GIF image.');
    await expect(page).toHaveURL(/\/manager\/books\/new$/);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    const found = await (await page.request.get(`/api/rpc/books?searchTerm=${encodeURIComponent(title)}`)).json();
    expect(found.items.map((b: { title: string; coverImage: string | null }) => [b.title, b.coverImage])).toEqual([[title, null]]);

    // The book exists now: the picture goes at once, and Save updates that book instead of making a second one.
    await field.getByLabel('Choose a file').setInputFiles(await picture('#55aa33'));
    await expect(page.getByText('Picture saved')).toBeVisible();
    await expect(field.getByRole('alert')).toHaveCount(0);
    await page.getByLabel('Publisher', { exact: true }).fill('Second Try Press');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('main img[data-cover="picture"]')).toHaveAttribute('src', /^\/uploads\/books\//);
    const again = await (await page.request.get(`/api/rpc/books?searchTerm=${encodeURIComponent(title)}`)).json();
    expect(again.items.map((b: { publisher: string }) => b.publisher)).toEqual(['Second Try Press']);
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
