// /api/mcp (docs/decisions/101-the-api-over-mcp.md) driven by the protocol's own SDK client, through the HTTP
// pipeline (its body cap, its key paths) and the same handlers as a server: the tools a key sees, what they answer
// beside /api/rpc, their refusals as tool errors, and the audit.
import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { defaultKeyHasher } from '@better-auth/api-key';
import { and, count, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_RESOURCES, roleHolds, statements } from '#/lib/permissions';
import { handleApiRequest } from '#/server/api-handler.ts';
import { getAuth } from '#/server/auth.ts';
import { database } from '#/server/db/index.ts';
import { apikey, auditEvent, book, user } from '#/server/db/schema.ts';
import { createHttpPipeline, MAX_BODY_BYTES } from '#/server/http/pipeline.ts';
import { handleMcpRequest } from '#/server/mcp/handler.ts';
import { ORIGIN, api, authApi, signIn } from './api.ts';

type ApiError = { code: string; message: string; data?: { fields?: Record<string, string>; resource?: string } };

// As src/server.ts routes them, inside the same pipeline; made at the first request, since it reads the environment
// (a demo's test file sets DEMO_MODE after its imports).
let pipeline: ReturnType<typeof createHttpPipeline> | undefined;
const viaPipeline = (url: string | URL, init?: RequestInit) =>
  (pipeline ??= createHttpPipeline((request) =>
    new URL(request.url).pathname === '/api/mcp' ? handleMcpRequest(request) : handleApiRequest(request),
  ))(new Request(url, init));
const MCP_URL = new URL(`${ORIGIN}/api/mcp`);

const address = (prefix: string) => `${prefix}.${randomBytes(4).toString('hex')}@example.org`;

async function person(role: 'user' | 'admin') {
  const email = address(`mcp-${role}`);
  const id = crypto.randomUUID();
  await (await database()).insert(user).values({ id, email, name: `Agent's ${role}`, role, emailVerified: true, onboardedAt: new Date() });
  return { id, email, cookie: await signIn(email) };
}

async function createKey(cookie: string, name: string, permissions: Record<string, readonly string[]>) {
  const res = await api<{ id: string; secret: string }>('POST', '/account/api-keys', {
    cookie,
    body: { name, expiresInDays: null, permissions },
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** Everything an administrator may give a key: each action the role holds (a fork's `update:own` on its own resource is not the admin's). */
const everything = Object.fromEntries(
  API_KEY_RESOURCES.map((resource) => [
    resource,
    (statements[resource] as readonly string[]).filter((action) => roleHolds('admin')(resource, action)),
  ]),
);
/** The example's tools, by their routers' names: a fork's own resources (the scaffold's) add theirs beside them. */
const exampleTools = (names: string[]) =>
  names.filter((name) => /^(books|genres|users|dashboard|organizations|audit|webhooks|account|organizationApiKeys|apiKeys)_/.test(name));

const open: Client[] = [];
async function connect(secret: string, headers: Record<string, string> = {}) {
  const client = new Client({ name: 'agent-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(MCP_URL, {
    fetch: viaPipeline,
    requestInit: { headers: { authorization: `Bearer ${secret}`, ...headers } },
  });
  await client.connect(transport);
  open.push(client);
  return client;
}

const toolNames = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);
const errorOf = (result: CallToolResult) => {
  expect(result.isError).toBe(true);
  const [content] = result.content;
  return JSON.parse(content?.type === 'text' ? content.text : 'null') as ApiError;
};

/** One JSON-RPC message by hand, for what the SDK's client would never send. */
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  viaPipeline(MCP_URL, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
      ...headers,
    },
    body,
    duplex: 'half',
  } as RequestInit);
const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'by-hand', version: '1' } },
});
const callBody = (name: string, args: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args } });

const booksTitled = async (title: string) =>
  (await (await database()).select({ n: count() }).from(book).where(eq(book.title, title)))[0]!.n;

export function mcpSuite() {
  let admin: Awaited<ReturnType<typeof person>>;
  let reader: Awaited<ReturnType<typeof person>>;
  let readerKey: { id: string; secret: string };
  let adminKey: { id: string; secret: string };
  beforeAll(async () => {
    admin = await person('admin');
    reader = await person('user');
    readerKey = await createKey(reader.cookie, 'Reading agent', { book: ['read'] });
    adminKey = await createKey(admin.cookie, 'Librarian agent', everything);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((client) => client.close()));
  });

  describe('MCP: an organisation’s key (decision 103)', () => {
    it('sees its organisation’s tools as granted, reaches no other organisation, and is audited as the key, via MCP', async () => {
      const slug = `agents-${randomBytes(4).toString('hex')}`;
      const made = await authApi<{ id: string }>('POST', '/organization/create', { cookie: reader.cookie, body: { name: 'Agents', slug } });
      expect(made.status).toBe(200);
      const key = await api<{ id: string; secret: string }>('POST', `/organizations/${slug}/api-keys`, {
        cookie: reader.cookie,
        body: { name: 'Org agent', expiresInDays: null, permissions: { book: ['read'], organizationWebhook: ['read', 'manage'] } },
      });
      expect(key.status).toBe(200);
      const client = await connect(key.body.secret);
      const names = await toolNames(client);
      expect(names).toEqual(expect.arrayContaining(['books_list', 'webhooks_organization_list', 'webhooks_organization_create']));
      // No person's account, no organisation's keys, nothing of the manager's, nothing it was not given.
      expect(
        names.filter((name) => /^(account|organizationApiKeys|users|audit)_|^webhooks_(list|create)$|^organizations_shelf/.test(name)),
      ).toEqual([]);
      const elsewhere = errorOf(
        (await client.callTool({ name: 'webhooks_organization_list', arguments: { slug: 'not-ours' } })) as CallToolResult,
      );
      expect(elsewhere.code).toBe('NOT_FOUND');
      const created = await client.callTool({
        name: 'webhooks_organization_create',
        arguments: { slug, url: 'https://example.com/agent', events: ['member.added'] },
      });
      expect(created.isError).toBeFalsy();
      const [event] = await (
        await database()
      )
        .select({ actorId: auditEvent.actorId, details: auditEvent.details })
        .from(auditEvent)
        .where(and(eq(auditEvent.action, 'webhook.created'), eq(auditEvent.targetLabel, 'https://example.com/agent')));
      expect(event).toMatchObject({ actorId: null, details: { apiKey: { id: key.body.id, organizationId: made.body.id }, via: 'mcp' } });
    });
  });

  describe('MCP: the tools a key sees', () => {
    it('lists the tools of its permissions and its owner’s role, and no procedure kept from agents', async () => {
      expect(await toolNames(await connect(readerKey.secret))).toEqual(['books_list', 'books_facets', 'books_get']);
      expect(exampleTools(await toolNames(await connect(adminKey.secret)))).toEqual([
        'books_list',
        'books_facets',
        'books_get',
        'books_create',
        'books_update',
        'books_bulkDelete',
        'books_delete',
        'genres_list',
        'genres_get',
        'genres_create',
        'users_bulkBan',
        'users_bulkUnban',
        'users_bulkDelete',
        'users_list',
        'users_facets',
        'users_get',
        'users_create',
        'users_update',
        'dashboard_get',
        'organizations_manager_list',
        'organizations_manager_get',
        'organizations_manager_delete',
        'audit_list',
        'audit_get',
        'webhooks_list',
        'webhooks_get',
        'webhooks_create',
        'webhooks_update',
        'webhooks_delete',
        'webhooks_deliveries',
        'webhooks_resend',
        'webhooks_test',
      ]);
    });

    it('describes a tool from its procedure: the summary, the input’s JSON Schema, the output’s, read-only for a GET', async () => {
      const { tools } = await (await connect(readerKey.secret)).listTools();
      const get = tools.find((tool) => tool.name === 'books_get')!;
      expect(get.description).toBe('Get a book');
      expect(get.inputSchema).toEqual({
        type: 'object',
        properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
        required: ['id'],
        additionalProperties: false,
      });
      expect(get.outputSchema).toMatchObject({ type: 'object', required: expect.arrayContaining(['id', 'title', 'author']) });
      expect(get.annotations).toEqual({ readOnlyHint: true });
    });

    it('follows the owner’s current role: a demoted administrator’s key shows what a user may do, at once', async () => {
      const owner = await person('admin');
      const key = await createKey(owner.cookie, 'Demoted agent', everything);
      const db = await database();
      await db.update(user).set({ role: 'user' }).where(eq(user.id, owner.id));
      expect(exampleTools(await toolNames(await connect(key.secret)))).toEqual([
        'books_list',
        'books_facets',
        'books_get',
        'genres_list',
        'genres_get',
      ]);
    });
  });

  describe('MCP: calling a tool', () => {
    it('answers the books list and a book as /api/rpc does for the same key', async () => {
      const client = await connect(readerKey.secret);
      const bearer = { authorization: `Bearer ${readerKey.secret}` };
      const listed = await client.callTool({ name: 'books_list', arguments: { limit: 3, sort: 'author' } });
      const rest = await api<{ items: Array<{ id: string }> }>('GET', '/books?limit=3&sort=author', { headers: bearer });
      expect(rest.status).toBe(200);
      expect(rest.body.items).toHaveLength(3);
      expect(listed.isError).toBeFalsy();
      expect(listed.structuredContent).toEqual(rest.body);
      const [text] = listed.content as CallToolResult['content'];
      expect(JSON.parse(text?.type === 'text' ? text.text : '')).toEqual(rest.body);

      const id = rest.body.items[0]!.id;
      const got = await client.callTool({ name: 'books_get', arguments: { id } });
      expect(got.structuredContent).toEqual((await api('GET', `/books/${id}`, { headers: bearer })).body);
    });

    it('refuses a create the key was not given as a tool error: FORBIDDEN, translated, nothing written', async () => {
      const title = `Not by this agent ${randomBytes(3).toString('hex')}`;
      const english = await (await connect(readerKey.secret)).callTool({ name: 'books_create', arguments: { title, author: 'A. Gent' } });
      expect(errorOf(english as CallToolResult)).toEqual({
        defined: false,
        code: 'FORBIDDEN',
        status: 403,
        message: 'You are not allowed to access resource: book',
        data: { resource: 'book' },
      });
      const french = await (
        await connect(readerKey.secret, { 'accept-language': 'fr' })
      ).callTool({
        name: 'books_create',
        arguments: { title, author: 'A. Gent' },
      });
      expect(errorOf(french as CallToolResult).message).toBe("Vous n'êtes pas autorisé à accéder à la ressource : book");
      expect(await booksTitled(title)).toBe(0);
    });

    it('writes through the same audit, marked as come through MCP', async () => {
      const title = `By an agent ${randomBytes(3).toString('hex')}`;
      const made = await (await connect(adminKey.secret)).callTool({ name: 'books_create', arguments: { title, author: 'A. Gent' } });
      expect(made.isError).toBeFalsy();
      const id = (made.structuredContent as { id: string }).id;
      const log = await api<{ items: Array<{ action: string; actorId: string; details: unknown }> }>('GET', `/audit?targetId=${id}`, {
        cookie: admin.cookie,
      });
      expect(log.body.items.map(({ action, actorId, details }) => ({ action, actorId, details }))).toEqual([
        { action: 'book.created', actorId: admin.id, details: { apiKey: { id: adminKey.id, name: 'Librarian agent' }, via: 'mcp' } },
      ]);
    });

    it('answers an unknown tool, one kept from agents and wrong argument types with tool errors, writing nothing', async () => {
      const client = await connect(adminKey.secret);
      expect(errorOf((await client.callTool({ name: 'books_burn', arguments: {} })) as CallToolResult)).toMatchObject({
        code: 'NOT_FOUND',
        message: 'There is no tool named “books_burn”',
      });
      // users.resetTwoFactor says `agents: false`: the key holds its permission, and it is still no tool.
      expect(
        errorOf((await client.callTool({ name: 'users_resetTwoFactor', arguments: { id: reader.id } })) as CallToolResult),
      ).toMatchObject({
        code: 'NOT_FOUND',
        message: 'There is no tool named “users_resetTwoFactor”',
      });
      // One's own account is a signed-in person's, as on /api/rpc.
      expect(errorOf((await client.callTool({ name: 'account_sessions', arguments: {} })) as CallToolResult).code).toBe(
        'API_KEY_SESSION_ONLY',
      );

      const wrongId = errorOf((await client.callTool({ name: 'books_get', arguments: { id: 42 } })) as CallToolResult);
      expect([wrongId.code, wrongId.message, wrongId.data?.fields]).toEqual([
        'INPUT_VALIDATION_FAILED',
        'Invalid input',
        { id: 'Expected string' },
      ]);
      const title = `Typed wrong ${randomBytes(3).toString('hex')}`;
      const wrongAuthor = errorOf((await client.callTool({ name: 'books_create', arguments: { title, author: 7 } })) as CallToolResult);
      expect([wrongAuthor.code, wrongAuthor.data?.fields]).toEqual(['INPUT_VALIDATION_FAILED', { author: 'Expected string' }]);
      const unknownField = errorOf(
        (await client.callTool({ name: 'books_create', arguments: { title, author: 'A. Gent', price: 3 } })) as CallToolResult,
      );
      expect([unknownField.code, unknownField.message]).toEqual(['INPUT_VALIDATION_FAILED', 'Unrecognized keys: price']);
      expect(await booksTitled(title)).toBe(0);
    });
  });

  describe('MCP: the key, the body and the transport', () => {
    it('answers no key with 401 as /api/rpc does, and the SDK’s client sees it', async () => {
      const res = await post(initialize);
      expect(res.status).toBe(401);
      // Where to sign in instead (decision 105): this server's address is a loopback one, so OAuth is on.
      expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${ORIGIN}/.well-known/oauth-protected-resource/api/mcp"`);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(await res.json()).toEqual({ defined: false, code: 'UNAUTHORIZED', status: 401, message: 'You must be signed in to do this' });
      // A session is not a key: MCP is for agents.
      expect((await post(initialize, { cookie: reader.cookie })).status).toBe(401);
      const client = new Client({ name: 'no-key', version: '1.0.0' });
      await expect(client.connect(new StreamableHTTPClientTransport(MCP_URL, { fetch: viaPipeline }))).rejects.toMatchObject({ code: 401 });
    });

    it('refuses a revoked, an expired and a made-up key with 401, translated', async () => {
      const revoked = await createKey(reader.cookie, 'Revoked agent', { book: ['read'] });
      expect((await api('DELETE', `/account/api-keys/${revoked.id}`, { cookie: reader.cookie })).status).toBe(200);
      const afterRevoke = await post(initialize, { authorization: `Bearer ${revoked.secret}`, 'accept-language': 'fr' });
      expect([afterRevoke.status, ((await afterRevoke.json()) as ApiError).message]).toEqual([
        401,
        'Cette clé d’API n’est pas valide : elle a été révoquée, ou n’a jamais existé',
      ]);
      const expired = await createKey(reader.cookie, 'Expired agent', { book: ['read'] });
      await (
        await database()
      )
        .update(apikey)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apikey.id, expired.id));
      const late = await post(initialize, { authorization: `Bearer ${expired.secret}` });
      expect([late.status, ((await late.json()) as ApiError).code]).toEqual([401, 'API_KEY_EXPIRED']);
      const madeUp = await post(initialize, { authorization: `Bearer sb_${'x'.repeat(64)}` });
      expect([madeUp.status, ((await madeUp.json()) as ApiError).code]).toEqual([401, 'API_KEY_INVALID']);
    });

    it('counts every request against the key’s rate limit: past it, 429 with Retry-After', async () => {
      const made = await (
        await getAuth()
      ).api.createApiKey({
        body: { userId: reader.id, name: 'Tight agent', permissions: { book: ['read'] }, rateLimitMax: 2, rateLimitTimeWindow: 60_000 },
      });
      const bearer = { authorization: `Bearer ${made.key}` };
      const list = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
      expect((await post(initialize, bearer)).status).toBe(200);
      expect((await post(list, bearer)).status).toBe(200);
      const third = await post(list, bearer);
      expect([third.status, ((await third.json()) as ApiError).code]).toEqual([429, 'TOO_MANY_REQUESTS']);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('caps the body as /api/rpc does (413, declared or streamed) and takes one message per request', async () => {
      const bearer = { authorization: `Bearer ${adminKey.secret}` };
      const title = `Oversized ${randomBytes(3).toString('hex')}`;
      const huge = callBody('books_create', { title, author: 'A. Gent', publisher: 'x'.repeat(MAX_BODY_BYTES) });
      const declared = await post(huge, bearer);
      expect([declared.status, ((await declared.json()) as ApiError).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
      const bytes = new TextEncoder().encode(huge);
      const stream = new ReadableStream({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.slice(at, at + 64 * 1024));
          controller.close();
        },
      });
      const streamed = await post(stream, bearer);
      expect([streamed.status, ((await streamed.json()) as ApiError).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
      expect(await booksTitled(title)).toBe(0);

      const batch = await post(`[${callBody('books_list', {})},${callBody('books_list', {})}]`, bearer);
      expect(batch.status).toBe(400);
      expect(await batch.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
      // No event stream by GET: the client goes on without one (the transport's 405 case).
      expect((await viaPipeline(MCP_URL, { headers: bearer })).status).toBe(405);
      expect((await (await database()).select({ n: count() }).from(auditEvent).where(eq(auditEvent.targetLabel, title)))[0]!.n).toBe(0);
    });
  });
}

export function mcpDemoSuite() {
  describe('MCP in demo mode', () => {
    it("refuses an agent's write as any other, recorded under the key, via MCP; its reads answer", async () => {
      const db = await database();
      const owner = crypto.randomUUID();
      await db.insert(user).values({ id: owner, email: address('mcp-demo'), name: 'Demo owner', role: 'admin', emailVerified: true });
      // Made before the demo (the demo refuses making one): straight into the table, hashed as the plugin hashes.
      const secret = `sb_${randomBytes(32).toString('hex')}`;
      const keyId = crypto.randomUUID();
      await db.insert(apikey).values({
        id: keyId,
        name: 'Demo agent',
        key: await defaultKeyHasher(secret),
        referenceId: owner,
        permissions: JSON.stringify({ book: ['read', 'create'] }),
      });
      const client = await connect(secret);
      const title = `In a demo ${randomBytes(3).toString('hex')}`;
      const refused = errorOf((await client.callTool({ name: 'books_create', arguments: { title, author: 'A. Gent' } })) as CallToolResult);
      expect(refused.code).toBe('DEMO_MODE');
      expect(await booksTitled(title)).toBe(0);
      const recorded = await db
        .select({ details: auditEvent.details })
        .from(auditEvent)
        .where(and(eq(auditEvent.action, 'demo.refused'), eq(auditEvent.actorId, owner)));
      expect(recorded).toEqual([{ details: { path: '/books', apiKey: { id: keyId, name: 'Demo agent' }, via: 'mcp' } }]);
      expect((await client.callTool({ name: 'books_list', arguments: { limit: 1 } })).isError).toBeFalsy();
    });
  });
}
