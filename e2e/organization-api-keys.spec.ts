// An organisation's API key in a real browser and over real HTTP (docs/decisions/103-organisation-api-keys.md):
// made on the organisation's settings by its owner, the secret read off the page once, used by an agent through
// /api/mcp with the protocol's own client, what it did listed on the key, and revoked there, the row kept and marked.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { clientHeaders, expect, hydrated, signInViaApi, test } from './support/fixtures';

test('an owner makes an organisation key on its settings; an agent uses it over MCP; revoking ends it and keeps it listed', async ({
  adminPage,
  browser,
  app,
  sink,
}) => {
  const stamp = Date.now().toString(36);
  const email = `org.key.${stamp}@example.org`;
  // Made by an administrator: named, so past onboarding.
  expect((await adminPage.request.post('/api/rpc/users', { data: { name: 'Olga Owner', email } })).status()).toBe(201);
  const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
  const page = await context.newPage();
  // A fresh sign-in: making a key asks for one of the last ten minutes.
  await signInViaApi(page.request, app, sink, email);
  const slug = `agents-${stamp}`;
  const created = await page.request.post('/api/auth/organization/create', {
    data: { name: 'Agent Guild', slug },
    headers: { Origin: app.url },
  });
  expect(created.status()).toBe(200);

  await page.goto(`/app/organizations/${slug}?tab=settings`);
  await hydrated(page);
  const section = page.getByRole('region', { name: 'API keys' });
  await expect(section.getByText('No API keys yet')).toBeVisible();
  await section.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Only what your role in the organisation allows.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Support agent');
  await dialog.getByRole('group', { name: 'Webhooks' }).getByRole('checkbox', { name: 'Read' }).check();
  await dialog.getByRole('group', { name: 'Webhooks' }).getByRole('checkbox', { name: 'Manage' }).check();
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const secretField = dialog.getByTestId('api-key-secret');
  await expect(secretField).toHaveValue(/^sb_[A-Za-z0-9]{64}$/);
  const secret = await secretField.inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  const listed = section.getByTestId('api-key');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Support agent');
  await expect(listed).toContainText('Made by');

  // An agent: the MCP SDK's client over HTTP, with the key only.
  const connect = async () => {
    const client = new Client({ name: 'e2e-agent', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${app.url}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }),
    );
    return client;
  };
  const agent = await connect();
  const tools = (await agent.listTools()).tools.map((tool) => tool.name);
  expect(tools).toContain('webhooks_organization_list');
  expect(tools).toContain('webhooks_organization_create');
  expect(tools.some((name) => name.startsWith('account_'))).toBe(false);
  const result = await agent.callTool({ name: 'webhooks_organization_list', arguments: { slug } });
  expect(result.isError).toBeFalsy();
  const added = await agent.callTool({
    name: 'webhooks_organization_create',
    arguments: { slug, url: 'https://hooks.example.com/agent', events: ['member.added'] },
  });
  expect(added.isError).toBeFalsy();
  const elsewhere = await agent.callTool({ name: 'webhooks_organization_list', arguments: { slug: 'someone-else' } });
  expect(elsewhere.isError).toBe(true);
  await agent.close();

  // The organisation sees what the key did: the endpoint it added, through MCP.
  await listed.getByRole('button', { name: 'Activity of Support agent' }).click();
  const activity = page.getByRole('dialog', { name: /^What .+Support agent.+ did$/ });
  await expect(activity).toBeVisible();
  const events = activity.getByTestId('api-key-activity').getByRole('listitem');
  await expect(events).toHaveCount(1);
  await expect(events).toContainText('Webhook endpoint added');
  await expect(events).toContainText('via MCP');
  await activity.getByRole('button', { name: 'Close' }).click();

  await listed.getByRole('button', { name: 'Revoke Support agent' }).click();
  await page.getByTestId('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('API key revoked')).toBeVisible();
  // Kept, marked, with no second Revoke.
  await expect(listed).toHaveCount(1);
  await expect(listed.getByText('Revoked', { exact: true }).first()).toBeVisible();
  await expect(listed.getByRole('definition').filter({ hasText: 'Olga Owner' })).toHaveCount(2);
  await expect(listed.getByRole('button', { name: 'Revoke Support agent' })).toHaveCount(0);
  const refused = await connect().then(
    () => null,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(StreamableHTTPError);
  expect((refused as StreamableHTTPError).code).toBe(401);
  await context.close();
});
