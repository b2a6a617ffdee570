// An MCP client that signs in with OAuth (docs/decisions/105-agents-signed-in-with-oauth.md), driven by the protocol's
// own SDK: discovery from the 401, dynamic registration, the person's consent, the code's exchange, then tools as the
// person's role and consent allow — through the HTTP pipeline and the same handlers as the server. Disconnecting the
// client on the account page refuses its next call.
import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handleApiRequest } from '#/server/api-handler.ts';
import { handleAuthRequest } from '#/server/auth-handler.ts';
import { database } from '#/server/db/index.ts';
import { auditEvent, oauthAccessToken, oauthConsent, user } from '#/server/db/schema.ts';
import { createHttpPipeline } from '#/server/http/pipeline.ts';
import { handleMcpRequest } from '#/server/mcp/handler.ts';
import { handleOAuthDiscovery } from '#/server/oauth-discovery.ts';
import { ORIGIN, api, authApi, signIn } from './api.ts';
import { MemoryProvider, mcpMessage } from './mcp-oauth-client.ts';

let pipeline: ReturnType<typeof createHttpPipeline> | undefined;
/** Through the HTTP pipeline, from `ip` when given: each client registers from its own address (5 a minute each). */
const viaPipeline = (url: string | URL | Request, init?: RequestInit, ip?: string) => {
  pipeline ??= createHttpPipeline((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/mcp') return handleMcpRequest(request);
    if (pathname.startsWith('/api/auth/')) return handleAuthRequest(request);
    if (pathname.startsWith('/.well-known/')) return handleOAuthDiscovery(request);
    return handleApiRequest(request);
  });
  const request = new Request(url, init);
  // As the server's adapter sets it from the socket.
  if (ip) Object.defineProperty(request, 'ip', { value: ip, enumerable: true });
  return pipeline(request);
};
let nextAddress = 1;
const MCP_URL = new URL(`${ORIGIN}/api/mcp`);
const REDIRECT = 'http://127.0.0.1:33418/callback';

async function person(role: 'user' | 'admin') {
  const email = `oauth-${role}.${randomBytes(4).toString('hex')}@example.org`;
  const id = crypto.randomUUID();
  await (await database()).insert(user).values({ id, email, name: `OAuth ${role}`, role, emailVerified: true, onboardedAt: new Date() });
  return { id, email, cookie: await signIn(email) };
}

/** Each client registers from an address of its own (the plugin allows 5 registrations a minute from one). */
class AddressedProvider extends MemoryProvider {
  readonly ip = `198.51.100.${nextAddress++}`;
  constructor(name: string) {
    super(name, REDIRECT);
  }
}

const open: Client[] = [];
const transportFor = (provider: AddressedProvider) =>
  new StreamableHTTPClientTransport(MCP_URL, { fetch: (url, init) => viaPipeline(url, init, provider.ip), authProvider: provider });
async function connected(provider: AddressedProvider) {
  const client = new Client({ name: provider.name, version: '1.0.0' });
  await client.connect(transportFor(provider));
  open.push(client);
  return client;
}

/**
 * The browser's part: the authorization address with the person's session lands on the consent page (the plugin's
 * signed query), whose "Allow" posts it back; the answer is the client's redirect address with a code.
 */
async function consent(provider: AddressedProvider, cookie: string, accept = true) {
  const authorize = await viaPipeline(provider.authorization!, { headers: { cookie }, redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const page = new URL(authorize.headers.get('location')!, ORIGIN);
  expect(page.pathname).toBe('/oauth/consent');
  const answer = await viaPipeline(`${ORIGIN}/api/auth/oauth2/consent`, {
    method: 'POST',
    headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ accept, oauth_query: page.search.slice(1) }),
  });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { url?: string; redirect_uri?: string };
  return { page, back: new URL((body.url ?? body.redirect_uri)!) };
}

/** Connects a new client for `cookie`'s person: registration and discovery by the SDK, consent by the person. */
async function connectWithConsent(name: string, cookie: string) {
  const provider = new AddressedProvider(name);
  const first = new Client({ name, version: '1.0.0' });
  const transport = transportFor(provider);
  await expect(first.connect(transport)).rejects.toThrow(/Unauthorized/i);
  expect(provider.info?.client_id).toBeTruthy();
  const { back } = await consent(provider, cookie);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  await transport.finishAuth(back.searchParams.get('code')!);
  return { provider, client: await connected(provider) };
}

const toolNames = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);
const errorOf = (result: CallToolResult) => {
  expect(result.isError).toBe(true);
  const [content] = result.content;
  return JSON.parse(content?.type === 'text' ? content.text : 'null') as { code: string; message: string };
};

export function mcpOAuthSuite() {
  let reader: Awaited<ReturnType<typeof person>>;
  let admin: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    reader = await person('user');
    admin = await person('admin');
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((client) => client.close()));
  });

  describe('MCP over OAuth (decision 105)', () => {
    it('tells a client without a token where to sign in, and publishes both discovery documents', async () => {
      const res = await viaPipeline(MCP_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${ORIGIN}/.well-known/oauth-protected-resource/api/mcp"`);
      const resource = (await (await viaPipeline(`${ORIGIN}/.well-known/oauth-protected-resource/api/mcp`)).json()) as Record<
        string,
        unknown
      >;
      expect(resource.resource).toBe(`${ORIGIN}/api/mcp`);
      expect(resource.authorization_servers).toEqual([`${ORIGIN}/api/auth`]);
      expect(resource.scopes_supported).toEqual(['book', 'genre', 'user', 'session', 'organization', 'audit', 'apiKey', 'webhook']);
      const server = (await (await viaPipeline(`${ORIGIN}/.well-known/oauth-authorization-server/api/auth`)).json()) as Record<
        string,
        unknown
      >;
      expect(server.issuer).toBe(`${ORIGIN}/api/auth`);
      expect(server.registration_endpoint).toBe(`${ORIGIN}/api/auth/oauth2/register`);
      expect(server.code_challenge_methods_supported).toEqual(['S256']);
    });

    it('connects through the consent page, then acts as the person: their role decides, every call audited with the client', async () => {
      const { provider, client } = await connectWithConsent('Reading assistant', reader.cookie);
      const clientId = provider.info!.client_id;
      const names = await toolNames(client);
      expect(names).toContain('books_list');
      expect(names).toContain('genres_list');
      expect(names).not.toContain('books_create');
      expect(names).not.toContain('users_list');

      const listed = await client.callTool({ name: 'books_list', arguments: { limit: 2 } });
      expect(listed.isError).toBeFalsy();
      const viaApi = await api<{ items: Array<{ id: string }> }>('GET', '/books?limit=2', { cookie: reader.cookie });
      expect((listed.structuredContent as { items: Array<{ id: string }> }).items.map((b) => b.id)).toEqual(
        viaApi.body.items.map((b) => b.id),
      );

      // A plain user's role holds no create, whatever the consent said.
      const refused = errorOf((await client.callTool({ name: 'books_create', arguments: { title: 'Agent book' } })) as CallToolResult);
      expect(refused.code).toBe('FORBIDDEN');

      const db = await database();
      const [connectedRow] = await db
        .select({ details: auditEvent.details })
        .from(auditEvent)
        .where(and(eq(auditEvent.action, 'oauth-client.connected'), eq(auditEvent.actorId, reader.id)));
      expect(connectedRow?.details).toEqual({ clientId });
      const [consentRow] = await db.select({ scopes: oauthConsent.scopes }).from(oauthConsent).where(eq(oauthConsent.userId, reader.id));
      expect(consentRow?.scopes).toEqual(['book', 'genre', 'user', 'session', 'organization', 'audit', 'apiKey', 'webhook']);
    });

    it('lets an administrator’s client write, audited as the person through the client, via MCP', async () => {
      const { provider, client } = await connectWithConsent('Librarian assistant', admin.cookie);
      const title = `OAuth book ${randomBytes(3).toString('hex')}`;
      const created = await client.callTool({ name: 'books_create', arguments: { title, author: 'An Agent' } });
      expect(created.isError).toBeFalsy();
      const [row] = await (
        await database()
      )
        .select({ actorId: auditEvent.actorId, details: auditEvent.details })
        .from(auditEvent)
        .where(and(eq(auditEvent.action, 'book.created'), eq(auditEvent.targetLabel, title)));
      expect(row?.actorId).toBe(admin.id);
      expect(row?.details).toMatchObject({ apiKey: { id: provider.info!.client_id, name: 'Librarian assistant' }, via: 'mcp' });
    });

    it('has a budget of its own for each person, as a key has: past it, 429 with Retry-After', async () => {
      const { provider } = await connectWithConsent('Busy agent', reader.cookie);
      const call = () => viaPipeline(MCP_URL, mcpMessage(provider.saved!.access_token, { method: 'tools/list' }));
      // The SDK's connect made two calls (initialize, its notification): 298 more are still within the minute's 300.
      for (let i = 0; i < 298; i++) expect((await call()).status).toBe(200);
      const past = await call();
      expect(past.status).toBe(429);
      expect(((await past.json()) as { code: string }).code).toBe('TOO_MANY_REQUESTS');
      expect(Number(past.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another client of the same person has its own.
      const other = await connectWithConsent('Quiet agent', reader.cookie);
      expect(await toolNames(other.client)).toContain('books_list');
    });

    it('takes with a disconnect the codes issued and not yet exchanged: the client cannot trade one for a token after it', async () => {
      const { provider, client } = await connectWithConsent('Hoarding agent', reader.cookie);
      await client.close();
      const clientId = provider.info!.client_id;
      // Allowed before: the same authorization now answers with a code at once, no card.
      const again = await viaPipeline(provider.authorization!, { headers: { cookie: reader.cookie }, redirect: 'manual' });
      expect(again.status).toBe(302);
      const held = new URL(again.headers.get('location')!).searchParams.get('code');
      expect(held).toBeTruthy();
      expect((await api('DELETE', `/account/connected-apps/${clientId}`, { cookie: reader.cookie })).status).toBe(200);
      const traded = await viaPipeline(
        `${ORIGIN}/api/auth/oauth2/token`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: held!,
            redirect_uri: REDIRECT,
            client_id: clientId,
            code_verifier: provider.verifier,
            resource: `${ORIGIN}/api/mcp`,
          }).toString(),
        },
        provider.ip,
      );
      expect(traded.status).toBe(400);
      expect(((await traded.json()) as { error: string }).error).toBe('invalid_grant');
      expect(await (await database()).select().from(oauthAccessToken).where(eq(oauthAccessToken.clientId, clientId))).toEqual([]);
    });

    it('names on the card the address this request returns to, and refuses a name that reads as another', async () => {
      const register = (body: object) =>
        viaPipeline(
          `${ORIGIN}/api/auth/oauth2/register`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
            body: JSON.stringify({ token_endpoint_auth_method: 'none', ...body }),
          },
          `198.51.101.${nextAddress++}`,
        );
      // Two addresses: the card names the one the request asks for, not the first registered.
      const two = (await (
        await register({ client_name: 'Two doors', redirect_uris: ['https://claude.ai/cb', 'https://other.example/cb'] })
      ).json()) as {
        client_id: string;
      };
      const card = await api<{ redirectHost: string | null; name: string }>(
        'GET',
        `/account/connected-apps/requests/${two.client_id}?redirectUri=${encodeURIComponent('https://other.example/cb')}`,
        { cookie: reader.cookie },
      );
      expect(card.body.redirectHost).toBe('other.example');
      const unregistered = await api<{ redirectHost: string | null }>(
        'GET',
        `/account/connected-apps/requests/${two.client_id}?redirectUri=${encodeURIComponent('https://evil.example/cb')}`,
        { cookie: reader.cookie },
      );
      expect(unregistered.body.redirectHost).toBeNull();
      for (const client_name of ['Claude\u202Emoc.live', 'Tab\tname', 'x'.repeat(101)]) {
        const refused = await register({ client_name, redirect_uris: ['https://claude.ai/cb'] });
        expect(refused.status, client_name).toBe(400);
        expect(await refused.json()).toMatchObject({
          code: 'OAUTH_CLIENT_NAME_INVALID',
          error: 'invalid_client_metadata',
          message: 'Le nom d’une application compte au plus 100 caractères, sans caractère de contrôle ni de direction',
        });
      }
      expect((await register({ client_name: 'x'.repeat(100), redirect_uris: ['https://claude.ai/cb'] })).status).toBe(201);
    });

    it('asks a session signed in over ten minutes ago to sign in again before allowing, not before denying', async () => {
      const stale = await person('user');
      const provider = new AddressedProvider('Patient agent');
      await expect(new Client({ name: 'patient', version: '1' }).connect(transportFor(provider))).rejects.toThrow(/Unauthorized/i);
      const authorize = await viaPipeline(provider.authorization!, { headers: { cookie: stale.cookie }, redirect: 'manual' });
      const page = new URL(authorize.headers.get('location')!, ORIGIN);
      const db = await database();
      await db.execute(sql`update session set created_at = now() - interval '11 minutes' where user_id = ${stale.id}`);
      const answer = (accept: boolean) =>
        viaPipeline(`${ORIGIN}/api/auth/oauth2/consent`, {
          method: 'POST',
          headers: { cookie: stale.cookie, origin: ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ accept, oauth_query: page.search.slice(1) }),
        });
      const allowed = await answer(true);
      expect(allowed.status).toBe(403);
      expect(((await allowed.json()) as { code: string }).code).toBe('SESSION_EXPIRED');
      expect(await db.select().from(oauthConsent).where(eq(oauthConsent.userId, stale.id))).toEqual([]);
      const denied = await answer(false);
      expect(denied.status).toBe(200);
      const back = new URL(((await denied.json()) as { url: string }).url);
      expect(back.searchParams.get('error')).toBe('access_denied');
    });

    it('refuses an administrator acting as the person both the authorization and the consent, translated', async () => {
      const provider = new AddressedProvider('Borrowed agent');
      await expect(new Client({ name: 'borrowed', version: '1' }).connect(transportFor(provider))).rejects.toThrow(/Unauthorized/i);
      // The person allowed it once: an authorization would now answer with a code straight away.
      await consent(provider, reader.cookie);
      const started = await authApi('POST', '/admin/impersonate-user', { cookie: admin.cookie, body: { userId: reader.id } });
      expect(started.status).toBe(200);
      // The answer first clears the admin's cookie, then sets the impersonation's: the last one counts.
      const jar = new Map(started.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const authorize = await viaPipeline(provider.authorization!, { headers: { cookie, 'accept-language': 'fr' }, redirect: 'manual' });
      expect(authorize.status).toBe(403);
      expect(await authorize.json()).toMatchObject({
        code: 'YOU_CANNOT_CONNECT_AN_APP_WHILE_IMPERSONATING',
        message: 'Un administrateur qui agit à la place de quelqu’un ne peut pas connecter une application à son compte',
      });
      const consented = await viaPipeline(`${ORIGIN}/api/auth/oauth2/consent`, {
        method: 'POST',
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ accept: true, oauth_query: 'client_id=x' }),
      });
      expect(consented.status).toBe(403);
    });

    it('is listed on the account page and, once disconnected, refused at its next call, its tokens gone', async () => {
      const { provider, client } = await connectWithConsent('Forgetful agent', reader.cookie);
      const clientId = provider.info!.client_id;
      const listed = await api<Array<{ clientId: string; name: string; grants: Array<{ resource: string; actions: string[] }> }>>(
        'GET',
        '/account/connected-apps',
        { cookie: reader.cookie },
      );
      const mine = listed.body.find((app) => app.clientId === clientId);
      expect(mine?.name).toBe('Forgetful agent');
      expect(mine?.grants).toEqual([
        { resource: 'book', actions: ['read'] },
        { resource: 'genre', actions: ['read'] },
      ]);
      // Someone else cannot disconnect it.
      expect((await api('DELETE', `/account/connected-apps/${clientId}`, { cookie: admin.cookie })).status).toBe(404);

      expect((await api('DELETE', `/account/connected-apps/${clientId}`, { cookie: reader.cookie })).status).toBe(200);
      const db = await database();
      expect(await db.select().from(oauthAccessToken).where(eq(oauthAccessToken.clientId, clientId))).toEqual([]);
      const res = await viaPipeline(MCP_URL, mcpMessage(provider.saved!.access_token, { method: 'tools/list' }));
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('UNAUTHORIZED');
      await client.close();
    });

    it('takes its token on /api/mcp only, never on the product API; a denial sends the client back with access_denied', async () => {
      const { provider } = await connectWithConsent('Narrow agent', reader.cookie);
      const rpc = await viaPipeline(`${ORIGIN}/api/rpc/books?limit=1`, {
        headers: { authorization: `Bearer ${provider.saved!.access_token}` },
      });
      expect(rpc.status).toBe(401);
      expect(((await rpc.json()) as { code: string }).code).toBe('API_KEY_INVALID');

      const refusedProvider = new AddressedProvider('Refused agent');
      await expect(new Client({ name: 'refused', version: '1' }).connect(transportFor(refusedProvider))).rejects.toThrow(/Unauthorized/i);
      const { back } = await consent(refusedProvider, reader.cookie, false);
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect(back.searchParams.get('code')).toBeNull();
    });
  });
}
