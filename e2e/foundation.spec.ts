import { openDatabase } from '#/server/db/client.ts';
import { user } from '#/server/db/schema.ts';
import { count } from 'drizzle-orm';
import path from 'node:path';
import { apiOperation, expect, test } from './support/fixtures';
import { launch, newDataDir, startApp } from './support/app-server';
import { identity } from '#/lib/identity.ts';
// example:start
import { book, genre } from '#/server/db/schema.ts';
// example:end

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

async function countRows(dataDir: string) {
  const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    const [u] = await handle.db.select({ n: count() }).from(user);
    // example:start
    const [b] = await handle.db.select({ n: count() }).from(book);
    const [g] = await handle.db.select({ n: count() }).from(genre);
    // example:end
    return {
      users: u!.n,
      // example:start
      books: b!.n,
      genres: g!.n,
      // example:end
    };
  } finally {
    await handle.close();
  }
}

test.describe('production server', () => {
  test('answers health and a server-rendered /login', async ({ request }) => {
    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    const login = await request.get('/login');
    expect(login.status()).toBe(200);
    expect(login.headers()['content-type']).toContain('text/html');
    const html = await login.text();
    expect(html).toContain('<h1 class="text-2xl font-bold">Sign in or sign up</h1>');
    expect(html).toContain(`<title>Sign in | ${identity.name}</title>`);
    // The form itself is in the server's HTML, before any script runs.
    expect(html).toMatch(/<input[^>]*type="email"/);
    expect(html).toContain('Sign in with email</button>');
  });

  test('redirects / to /login', async ({ request }) => {
    const res = await request.get('/', { maxRedirects: 0 });
    expect(res.status()).toBeGreaterThanOrEqual(301);
    expect(res.status()).toBeLessThanOrEqual(308);
    expect(res.headers()['location']).toMatch(/\/login$/);
  });

  test('sets the security headers on a page, an API response and a static asset', async ({ request }) => {
    const page = await request.get('/login');
    const asset = (await page.text()).match(/\/assets\/[\w-]+\.js/)![0];
    for (const res of [page, await request.get('/api/health'), await request.get(asset)]) {
      expect(res.status(), res.url()).toBe(200);
      const headers = res.headers();
      expect(headers).toMatchObject(SECURITY_HEADERS);
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'(;|$)/);
      expect(headers['server-timing']).toBeUndefined();
    }
    const assetRes = await request.get(asset, { headers: { 'Accept-Encoding': 'br' } });
    expect(assetRes.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('hydrates with the CSP enforced and no violation', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`Refused to run: CSP ${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const email = page.getByLabel('Email');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in or sign up');
    await email.fill('someone@example.com');
    await expect(email).toHaveValue('someone@example.com');
    expect(violations).toEqual([]);
  });

  test('answers an unknown path with 404 and the not-found page', async ({ page, request }) => {
    const res = await request.get('/no/such/page');
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain('This page could not be found');
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    // The product's name at the top says where the visitor is, and leads home.
    await expect(page.getByRole('banner').getByRole('link', { name: identity.name })).toHaveAttribute('href', '/');
  });

  test('never answers 500 to a bad client request', async ({ request, app }) => {
    const origin = { Origin: app.url, 'Sec-Fetch-Site': 'same-origin' };
    expect((await request.get('/_serverFn/')).status()).toBe(404);
    expect((await request.post('/_serverFn/unknown-id', { headers: origin, data: '{bad' })).status()).toBe(404);
    const big = await request.post('/api/health', { data: Buffer.alloc(1024 * 1024 + 1) });
    expect(big.status()).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});

test.describe('start-up and shutdown', () => {
  // These tests start servers of their own: give them room on a busy 2-core machine.
  test.describe.configure({ timeout: 180_000 });
  test('refuses a missing or bad variable in one line naming it, no stack trace, and a non-zero exit', async () => {
    for (const [vars, message] of [
      [{ BASE_URL: 'not-a-url' }, 'Invalid base URL: not-a-url. Please provide a valid base URL.'],
      [{ DEMO_MODE: 'maybe' }, "DEMO_MODE must be 'true' or 'false'"],
      [{ PORT: 'abc' }, 'PORT must be a port number (0-65535)'],
      // Production with a database server and no secret (issue #55: it printed the source line, a caret and seven frames).
      [
        { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' },
        'AUTH_SECRET is required in production with DATABASE_URL (at least 32 characters)',
      ],
    ] as const) {
      const run = launch({ DATA_DIR: newDataDir(), PORT: '0', ...vars });
      expect(await run.exited).toBe(1);
      expect(run.output()).toBe(`${message}\n`);
    }
  });

  test('seeds once, closes cleanly on SIGTERM and keeps every row across restarts', async () => {
    const dataDir = newDataDir();
    const first = await startApp({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    expect(first.output()).toContain('seeded the embedded database with demo data');
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await first.stop()).toBe(0);
    expect(first.output()).toContain('SIGTERM: shutting down');

    const rows = await countRows(dataDir);
    expect(rows.users).toBeGreaterThanOrEqual(30);
    // example:start
    expect(rows.books).toBeGreaterThanOrEqual(50);
    // example:end

    const second = await startApp({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    expect(second.output()).not.toContain('seeded the embedded database');
    expect((await fetch(`${second.url}/login`)).status).toBe(200);
    expect(await second.stop()).toBe(0);
    expect(await countRows(dataDir)).toEqual(rows);
  });
});

test.describe('API documentation', () => {
  test('/api/openapi serves the document and /api/docs renders it, with the CSP enforced', async ({ page, request }) => {
    const doc = await request.get('/api/openapi');
    expect(doc.status()).toBe(200);
    const json = (await doc.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(json.openapi).toMatch(/^3\.1/);
    expect(json.paths['/api/rpc/users']).toBeDefined();

    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
    });
    await page.goto('/api/docs');
    await expect(page).toHaveTitle(`API Documentation | ${identity.name}`);
    await expect(page.getByText(`${identity.name} API`).first()).toBeVisible();
    const path = (await apiOperation(page, '/api/rpc/users')).getByText('/api/rpc/users', { exact: true });
    await expect(path).toBeVisible();
    // In the app's faces, served from its own origin (the CSP allows no other): text in Inter, paths in the mono face.
    expect(
      await page
        .getByText(`${identity.name} API`)
        .first()
        .evaluate((el) => getComputedStyle(el).fontFamily),
    ).toMatch(/^"Inter Variable"/);
    expect(await path.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"JetBrains Mono Variable"/);
    await expect
      .poll(() => page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replaceAll('"', ''))))
      .toEqual(expect.arrayContaining(['Inter Variable', 'JetBrains Mono Variable']));
    expect(violations).toEqual([]);
  });
});
