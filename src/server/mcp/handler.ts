// /api/mcp: the product API as a Model Context Protocol server over the Streamable HTTP transport, for an agent that
// holds an API key (docs/decisions/101-the-api-over-mcp.md). Stateless: a server and a transport per request, so any
// instance answers any request, and the key and its owner are read again on each one, as on /api/rpc.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { ORPCError } from '@orpc/server';
import { identity } from '../../lib/identity.ts';
import { apiError, apiTranslator } from '../api-errors.ts';
import { keyCaller, type KeyCaller } from '../api-keys.ts';
import { env } from '../env.ts';
import { presentedApiKey } from '../http/api-key-header.ts';
import { MCP_PATH, oauthForAgentsOn } from '../oauth-agents.ts';
import { callTool, toolsFor } from './tools.ts';

const instructions =
  `The tools are ${identity.name}'s API procedures this key may call, by its permissions and its owner's current role. ` +
  'A refusal is a tool error whose text is the API error body: a stable `code` and a `message` in the language asked.';

// The server makes one for elicitation, which this one never asks for: made once, not per request.
const validator = new AjvJsonSchemaValidator();

/** A refused credential, as /api/rpc answers it: the API's error body and status. */
function refusal(error: ORPCError<string, unknown>): Response {
  const headers: Record<string, string> = {};
  // Where an MCP client learns how to sign in (RFC 9728), when OAuth for agents is on (src/server/oauth-agents.ts).
  if (error.status === 401) {
    const e = env();
    headers['WWW-Authenticate'] = oauthForAgentsOn(e)
      ? `Bearer resource_metadata="${e.baseUrl}/.well-known/oauth-protected-resource${MCP_PATH}"`
      : 'Bearer';
  }
  const retryAfter = (error.data as { retryAfter?: number } | undefined)?.retryAfter;
  if (retryAfter) headers['Retry-After'] = String(retryAfter);
  return Response.json(error.toJSON(), { status: error.status, headers });
}

const rpcError = (status: number, code: number, message: string) =>
  Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status });

/**
 * One JSON-RPC message per request (the protocol has had no batches since 2025-06-18): the key's use is counted per
 * request, and a batch would make one use of many calls.
 */
async function oneMessage(request: Request): Promise<{ message: unknown } | Response> {
  let message: unknown;
  try {
    // Capped by the HTTP pipeline at MAX_BODY_BYTES, as /api/rpc is (src/server/http/pipeline.ts).
    message = JSON.parse(await request.text());
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return rpcError(400, -32700, 'Parse error: Invalid JSON');
  }
  if (Array.isArray(message)) return rpcError(400, -32600, 'Invalid Request: one message per request, no batches');
  return { message };
}

export async function handleMcpRequest(request: Request): Promise<Response> {
  const response = await answer(request);
  // Every answer is under a credential: no shared or browser cache keeps it (decision 028).
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

async function answer(request: Request): Promise<Response> {
  const t = await apiTranslator(request);
  const secret = presentedApiKey(request);
  if (secret === undefined) return refusal(apiError('UNAUTHORIZED', t('api:UNAUTHORIZED')));
  let caller: KeyCaller;
  try {
    caller = await keyCaller(request, secret, t);
  } catch (error) {
    if (error instanceof ORPCError) return refusal(error);
    throw error;
  }
  const body = await oneMessage(request);
  if (body instanceof Response) return body;

  const server = new Server(
    { name: identity.name, version: '1.0.0' },
    { capabilities: { tools: { listChanged: false } }, instructions, jsonSchemaValidator: validator },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await toolsFor(caller) }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => callTool(request, params.name, params.arguments));
  // JSON answers, no event stream: every tool answers once, and a stream would hold a connection for nothing.
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: body.message });
  } finally {
    await server.close();
  }
}
