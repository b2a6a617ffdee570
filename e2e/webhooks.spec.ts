// Webhooks over real HTTP (docs/decisions/074-webhooks.md): deliveries live in the database and the job queue, so a
// server killed (kill -9) while it retries loses none; a restarted one sends them.
import { createServer, type Server } from 'node:http';
import { request as playwrightRequest, type Browser } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { freshPostgres, TEST_DATABASE_URL } from '../tests/support/databases';
import { withAppOnPostgres } from './support/app-on-postgres';
import { freePort, startApp, type AppServer } from './support/app-server';
import { clientHeaders, expect, hydrated, signInViaApi, test } from './support/fixtures';
import type { SmtpSink } from './support/smtp-sink';

test.describe.configure({ timeout: 180_000 });

type Received = { id: string; body: string; headers: Record<string, string> };

/** Records each delivery's id, headers and body; answers 204. */
async function startReceiver(port: number) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ id: String(req.headers['webhook-id']), body, headers: req.headers as Record<string, string> });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Three deliveries tried once and waiting for their retry when the server is killed: a new server on the same
 * database (`second`) sends each of them, under one id.
 */
async function killDuringRetries(sink: SmtpSink, database: Record<string, string>, restart: (first: AppServer) => Record<string, string>) {
  const receiverPort = await freePort();
  const env = {
    EMAIL_SERVER: sink.url,
    WEBHOOKS_ALLOW_HTTP: 'true',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_SECONDS: '2',
    ...database,
  };
  const first = await startApp(env);
  const api = await playwrightRequest.newContext({ baseURL: first.url, extraHTTPHeaders: { ...clientHeaders(), origin: first.url } });
  await signInViaApi(api, first, sink, 'admin@example.com');
  const endpoint = await api.post('/api/rpc/webhooks', {
    data: { url: `http://127.0.0.1:${receiverPort}/hook`, events: ['book.created'] },
  });
  expect(endpoint.status()).toBe(201);
  const titles = ['Kindred', 'Parable of the Sower', 'Wild Seed'].map((t) => `${t} ${Date.now()}`);
  for (const title of titles)
    expect((await api.post('/api/rpc/books', { data: { title, author: 'Octavia E. Butler' } })).status()).toBe(201);
  // Each tried once, refused (nothing listens yet), and waiting for its retry.
  await expect.poll(() => first.output().split('job failed').length - 1, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  await api.dispose();
  await first.kill();

  const receiver = await startReceiver(receiverPort);
  const second = await startApp({ ...env, ...restart(first) });
  try {
    await expect
      .poll(() => titles.filter((title) => receiver.received.some((r) => r.body.includes(title))).length, { timeout: 60_000 })
      .toBe(titles.length);
    // At least once, each under one id.
    const ids = new Set(receiver.received.filter((r) => titles.some((title) => r.body.includes(title))).map((r) => r.id));
    expect(ids.size).toBe(titles.length);
  } finally {
    await second.stop();
    await receiver.close();
  }
}

test('deliveries being retried when the server is killed (kill -9) arrive after a restart', async ({ sink }) => {
  await killDuringRetries(sink, {}, (first) => ({ DATA_DIR: first.dataDir }));
});

test('on PostgreSQL too: deliveries being retried when the server is killed (kill -9) arrive after a restart', async ({ sink }) => {
  test.skip(!TEST_DATABASE_URL, 'needs TEST_DATABASE_URL (CI sets it to the local PostgreSQL)');
  const database = await freshPostgres();
  try {
    const { seed } = await import('#/server/db/seed.ts');
    await database.handle.migrate();
    await seed(database.handle.db);
    await killDuringRetries(sink, { DATABASE_URL: database.url, AUTH_SECRET: 'e2e-postgres-secret-0123456789abcdef' }, () => ({}));
  } finally {
    await database.drop();
  }
});

test('the manager’s form refuses a loopback address with the server’s reason', async ({ adminPage: page, app }) => {
  // The shared server refuses loopback targets (WEBHOOKS_ALLOW_PRIVATE is off): the form says so.
  await page.goto('/manager/webhooks');
  await hydrated(page);
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('URL').fill('https://127.0.0.1/hook');
  await dialog.getByRole('checkbox', { name: 'Book created' }).check();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog.getByText('This address is on a private network; webhooks go to public addresses only')).toBeVisible();
  await page.keyboard.press('Escape');
  expect(app.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
});

/** In the manager: add an endpoint, send a test event, see it delivered and signed, resend it under the same id. */
async function testEventAndResend(browser: Browser, app: AppServer, sink: SmtpSink, receiverPort: number, received: Received[]) {
  const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
  const page = await context.newPage();
  try {
    await signInViaApi(page.request, app, sink, 'admin@example.com');
    await page.goto('/manager/webhooks');
    await hydrated(page);
    await expect(page.getByText('No endpoints yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog');
    const url = `http://127.0.0.1:${receiverPort}/from-the-manager`;
    await dialog.getByLabel('URL').fill(url);
    await dialog.getByRole('checkbox', { name: 'Book deleted' }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await dialog.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('webhook').getByRole('link', { name: url }).click();
    await expect(page.getByRole('heading', { name: url })).toBeVisible();
    await hydrated(page);

    await page.getByRole('button', { name: 'Send test event' }).click();
    const row = page.getByTestId('webhook-delivery').first();
    // The log refreshes itself while a delivery is pending.
    await expect(row).toContainText('Delivered', { timeout: 15_000 });
    await expect(row).toContainText('204');
    expect(received).toHaveLength(1);
    const [first] = received;
    expect(JSON.parse(first!.body)).toMatchObject({ type: 'webhook.test' });
    expect(new Webhook(secret).verify(first!.body, first!.headers)).toMatchObject({ type: 'webhook.test' });

    await row.getByRole('button', { name: 'View body' }).click();
    await expect(page.getByTestId('webhook-delivery-body')).toContainText('"webhook.test"');
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: 'Resend' }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    expect(received[1]!.id).toBe(first!.id);
  } finally {
    await context.close();
  }
}

const ALLOW_LOOPBACK = { WEBHOOKS_ALLOW_HTTP: 'true', WEBHOOKS_ALLOW_PRIVATE: 'true' };

test('with private targets allowed, a test event and a resend reach a receiver, signed, under the same id', async ({ sink, browser }) => {
  const receiverPort = await freePort();
  const receiver = await startReceiver(receiverPort);
  const app = await startApp({ EMAIL_SERVER: sink.url, ...ALLOW_LOOPBACK });
  try {
    await testEventAndResend(browser, app, sink, receiverPort, receiver.received);
  } finally {
    await app.stop();
    await receiver.close();
  }
});

test('the same on PostgreSQL', async ({ browser }) => {
  test.skip(!TEST_DATABASE_URL, 'needs TEST_DATABASE_URL (CI sets it to the local PostgreSQL)');
  const receiverPort = await freePort();
  const receiver = await startReceiver(receiverPort);
  try {
    await withAppOnPostgres(ALLOW_LOOPBACK, ({ app, sink }) => testEventAndResend(browser, app, sink, receiverPort, receiver.received));
  } finally {
    await receiver.close();
  }
});

test('an organisation’s owner adds an endpoint on its Webhooks tab, for its member events only, and deletes it', async ({
  userPage: page,
  adminPage,
  app,
}) => {
  const slug = `hooked-${Date.now().toString(36)}`;
  const created = await page.request.post('/api/auth/organization/create', {
    data: { name: 'Hooked Readers', slug },
    headers: { Origin: app.url },
  });
  expect(created.status()).toBe(200);
  await page.goto(`/app/organizations/${slug}`);
  await hydrated(page);
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/organizations/${slug}\\?tab=webhooks$`));
  const section = page.getByTestId('organization-webhooks');
  await expect(section.getByText('No endpoints yet')).toBeVisible();
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog');
  // An organisation's endpoint hears of its members only.
  await expect(dialog.getByRole('checkbox')).toHaveCount(2);
  await expect(dialog.getByRole('checkbox', { name: 'Book created' })).toHaveCount(0);
  const url = `https://hooks.example.com/${slug}`;
  await dialog.getByLabel('URL').fill(url);
  await dialog.getByRole('checkbox', { name: 'Member added' }).check();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog.getByTestId('webhook-secret')).toHaveValue(/^whsec_/);
  await dialog.getByRole('button', { name: 'Done' }).click();

  await section.getByTestId('webhook').getByRole('link', { name: url }).click();
  await expect(page).toHaveURL(new RegExp(`/app/organizations/${slug}/webhooks/[0-9a-f-]+$`));
  await expect(page.getByRole('heading', { name: url })).toBeVisible();
  await hydrated(page);
  await page.getByRole('button', { name: 'Delete endpoint' }).click();
  await page.getByTestId('dialog').getByRole('button', { name: 'Delete endpoint' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/organizations/${slug}\\?tab=webhooks$`));
  await expect(page.getByTestId('organization-webhooks').getByText('No endpoints yet')).toBeVisible();
  // The product's endpoints are the administrators': an owner reads only their organisation's.
  const product = await page.request.get('/api/rpc/webhooks');
  expect(product.status()).toBe(403);
  // By the manager: the owner's delete asks for a sign-in of the last ten minutes (decision 102),
  // older than that for a worker's session late in a run.
  const removed = await adminPage.request.delete(`/api/rpc/manager/organizations/${((await created.json()) as { id: string }).id}`, {
    headers: { Origin: app.url },
  });
  expect(removed.status()).toBe(200);
});
