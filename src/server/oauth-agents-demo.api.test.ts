// A read-only demo connects no MCP client (docs/decisions/105-agents-signed-in-with-oauth.md): no discovery, no
// registration, and the MCP server's 401 names no place to sign in; agents use keys made before the demo.
import { describe, expect, it } from 'vitest';
import { handleAuthRequest } from './auth-handler.ts';
import { handleMcpRequest } from './mcp/handler.ts';
import { handleOAuthDiscovery } from './oauth-discovery.ts';

process.env.DEMO_MODE = 'true';
const ORIGIN = 'http://localhost:3000';

describe('OAuth for agents in a read-only demo', () => {
  it('is off: discovery and registration are not found, and the 401 is a plain Bearer', async () => {
    for (const path of ['/.well-known/oauth-authorization-server/api/auth', '/.well-known/oauth-protected-resource/api/mcp']) {
      expect((await handleOAuthDiscovery(new Request(`${ORIGIN}${path}`))).status, path).toBe(404);
    }
    const registered = await handleAuthRequest(
      new Request(`${ORIGIN}/api/auth/oauth2/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ client_name: 'Demo agent', redirect_uris: ['https://claude.ai/cb'], token_endpoint_auth_method: 'none' }),
      }),
    );
    expect(registered.status).toBe(404);
    const mcp = await handleMcpRequest(
      new Request(`${ORIGIN}/api/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      }),
    );
    expect([mcp.status, mcp.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
  });
});
