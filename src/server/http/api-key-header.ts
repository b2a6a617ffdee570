/** A key's secret is `sb_` and 64 letters; lists show its first 11 characters. Anything else is an OAuth token. */
export const API_KEY_PREFIX = 'sb_';

/** The API key a request presents, from `x-api-key` or `Authorization: Bearer`; undefined when it carries neither. */
export function presentedApiKey(request: Request): string | undefined {
  const header = request.headers.get('x-api-key');
  if (header !== null) return header.trim();
  const bearer = /^\s*Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return bearer?.[1];
}

/** Where a key is taken: the product API and its MCP server (docs/decisions/073-api-keys.md, 101-the-api-over-mcp.md). */
export const API_KEY_PATHS = /^\/api\/(rpc\/|mcp$)/;
