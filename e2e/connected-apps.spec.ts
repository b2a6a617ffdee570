// An MCP client signed in with OAuth in a real browser (docs/decisions/105-agents-signed-in-with-oauth.md): the
// protocol's own SDK client discovers and registers itself; the person, signed out, opens the address it gives,
// signs in with a code from the mail, reads the consent card, and allows it; the client's tools then act as them.
// The account page lists the client, and Disconnect refuses its next call.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MemoryProvider, mcpMessage } from '../tests/support/mcp-oauth-client';
import { clientHeaders, expect, hydrated, signInThroughUi, test, USER } from './support/fixtures';

/** Nothing listens here: the browser's arrival is caught by the test, as a desktop assistant's listener would. */
const REDIRECT = 'http://127.0.0.1:33419/callback';

test.describe('Connected apps', () => {
  test('a person signs in from an MCP client, allows it on the consent page, and disconnects it', async ({ browser, app, sink }) => {
    const headers = clientHeaders();
    const viaClient: typeof fetch = (url, init) => {
      const merged = new Headers(init?.headers);
      for (const [name, value] of Object.entries(headers)) merged.set(name, value);
      return fetch(url, { ...init, headers: merged });
    };
    const provider = new MemoryProvider('Desk Assistant', REDIRECT);
    const transport = () => new StreamableHTTPClientTransport(new URL(`${app.url}/api/mcp`), { fetch: viaClient, authProvider: provider });
    const first = transport();
    await expect(new Client({ name: 'desk', version: '1.0.0' }).connect(first)).rejects.toThrow(/Unauthorized/i);
    expect(provider.authorization?.pathname).toBe('/api/auth/oauth2/authorize');

    // The person, signed out, opens the address the client gives: sign-in first, then the consent card.
    const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const page = await context.newPage();
    let code: string | null = null;
    await page.route(`${REDIRECT}**`, async (route) => {
      code = new URL(route.request().url()).searchParams.get('code');
      await route.fulfill({ contentType: 'text/html', body: '<p>Back in the assistant</p>' });
    });
    await page.goto(provider.authorization!.href);
    // The sign-in returns through the client's own request, which the plugin answers with a query signed afresh.
    await expect(page).toHaveURL(/\/login\?redirect=%2Fapi%2Fauth%2Foauth2%2Fauthorize%3F/);
    await signInThroughUi(page, sink, USER);
    await expect(page).toHaveURL(/\/oauth\/consent\?/);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connect \u2068Desk Assistant\u2069');
    await expect(page.getByText('Signed in as')).toContainText(USER);
    // A user's role: the catalogue read, its own sessions and keys; never the manager's users or audit log.
    const grants = page.getByTestId('consent-grants');
    await expect(grants).toContainText('Books: Read');
    await expect(grants).not.toContainText('Users');
    await expect(grants).not.toContainText('Audit');
    await expect(page.getByText('You will return to 127.0.0.1:33419.')).toBeVisible();
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByText('Back in the assistant')).toBeVisible();
    expect(code).toBeTruthy();

    await first.finishAuth(code!);
    const client = new Client({ name: 'desk', version: '1.0.0' });
    await client.connect(transport());
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toContain('books_list');
    expect(tools).not.toContain('books_create');
    expect(tools).not.toContain('users_list');
    const listed = await client.callTool({ name: 'books_list', arguments: { limit: 2 } });
    expect(listed.isError).toBeFalsy();
    expect((listed.structuredContent as { items: unknown[] }).items).toHaveLength(2);
    await client.close();

    // The account page lists it, and Disconnect ends it at its next call.
    await page.goto('/app/account');
    await hydrated(page);
    const section = page.getByRole('region', { name: 'Connected apps' });
    const row = section.getByTestId('connected-app');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Desk Assistant');
    await expect(row).toContainText('Books: Read');
    await row.getByRole('button', { name: 'Disconnect Desk Assistant' }).click();
    await page.getByTestId('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await expect(section.getByText('No connected apps')).toBeVisible();
    const refused = await viaClient(
      `${app.url}/api/mcp`,
      mcpMessage(provider.saved!.access_token, {
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'desk', version: '1' } },
      }),
    );
    expect(refused.status).toBe(401);
    await context.close();
  });
});
