// The product API's procedures as Model Context Protocol tools (docs/decisions/101-the-api-over-mcp.md), derived from
// the router's own definitions: a new procedure is a tool the day it is added, unless its meta says `agents: false`.
// A call goes through the same router, middleware and audit as /api/rpc, with the request that carries the key.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { createRouterClient, onError, ORPCError, resolveContractProcedures, type AnyProcedure } from '@orpc/server';
import { ZodToJsonSchemaConverter } from '@orpc/zod/zod4';
import { apiError, apiTranslator } from '../api-errors.ts';
import { translateError } from '../api-handler.ts';
import type { KeyCaller } from '../api-keys.ts';
import { logger } from '../logger.ts';
import { router } from '../router.ts';
import { keyMayCall, type RpcMeta } from '../rpc.ts';

interface AgentTool {
  tool: Tool;
  /** The procedure's path in the router (`['books', 'list']`). */
  path: string[];
  meta: RpcMeta;
}

/** `books.list` is `books_list`: the characters every MCP client takes in a name (`^[a-zA-Z0-9_-]{1,64}$`). */
const toolName = (path: readonly string[]) => path.join('_');

/** The JSON Schemas of the OpenAPI document (src/server/openapi.ts), from the same zod schemas and converter. */
async function build(): Promise<Map<string, AgentTool>> {
  const converter = new ZodToJsonSchemaConverter();
  const tools = new Map<string, AgentTool>();
  await resolveContractProcedures({ router, path: [] }, ({ contract, path }) => {
    const { route, meta, inputSchema, outputSchema } = (contract as AnyProcedure)['~orpc'];
    if ((meta as RpcMeta).agents === false) return;
    const name = toolName(path);
    if (tools.has(name)) throw new Error(`two procedures make the MCP tool ${name}`);
    const input = inputSchema ? converter.convert(inputSchema, { strategy: 'input' })[1] : { type: 'object' };
    // A tool's arguments are an object; so are every procedure's inputs today.
    if (input.type !== 'object') {
      logger().warn({ path: route.path }, 'a procedure whose input is not an object is no MCP tool');
      return;
    }
    const output = outputSchema ? converter.convert(outputSchema, { strategy: 'output' })[1] : undefined;
    tools.set(name, {
      path: [...path],
      meta: meta as RpcMeta,
      tool: {
        name,
        description: [route.summary, route.description].filter(Boolean).join('\n\n') || name,
        inputSchema: input as Tool['inputSchema'],
        // MCP's structured content is an object: a list answered as an array is the text alone.
        ...(output?.type === 'object' && { outputSchema: output as Tool['outputSchema'] }),
        // A client may run a read without asking; anything else keeps the protocol's cautious defaults.
        annotations: { readOnlyHint: (route.method ?? 'POST') === 'GET' },
      },
    });
  });
  return tools;
}

let catalogue: Promise<Map<string, AgentTool>> | undefined;
const agentTools = () => (catalogue ??= build());

/** `tools/list`: the tools this key may call today, by its permissions and its owner's current role (src/server/rpc.ts). */
export async function toolsFor(caller: KeyCaller): Promise<Tool[]> {
  return [...(await agentTools()).values()].filter(({ meta }) => keyMayCall(meta, caller)).map(({ tool }) => tool);
}

/** The API's error body (what /api/rpc answers), as a tool's error: a refusal is an answer, not a protocol failure. */
function toolError(error: ORPCError<string, unknown>): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(error.toJSON()) }] };
}

/**
 * `tools/call`: the procedure through the router's client, as the server render calls it (src/server/api-in-process.ts),
 * so the permission middleware, own/any, demo mode, the write budget and the audit apply as on /api/rpc. The request
 * is the one whose key was verified: its use is counted once (src/server/api-keys.ts).
 */
export async function callTool(request: Request, name: string, args: Record<string, unknown> | undefined): Promise<CallToolResult> {
  const found = (await agentTools()).get(name);
  try {
    if (!found) throw apiError('NOT_FOUND', (await apiTranslator(request))('api:UNKNOWN_TOOL', { name }));
    const client = createRouterClient(router, {
      context: { request, via: 'mcp' as const },
      interceptors: [onError((error) => translateError(error, request))],
    });
    const procedure = found.path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], client) as (
      input: unknown,
    ) => Promise<unknown>;
    const output = await procedure(args ?? {});
    if (output === undefined) return { content: [] };
    // What /api/rpc's JSON would be: the outputs are zod-checked plain data (dates become ISO strings).
    const json = JSON.parse(JSON.stringify(output)) as Record<string, unknown>;
    return { content: [{ type: 'text', text: JSON.stringify(json) }], ...(found.tool.outputSchema && { structuredContent: json }) };
  } catch (error) {
    if (error instanceof ORPCError) return toolError(error);
    logger().error({ err: error, tool: name }, 'MCP tool failure');
    return toolError(apiError('INTERNAL_SERVER_ERROR', (await apiTranslator(request))('api:INTERNAL_SERVER_ERROR')));
  }
}
