// OAuth discovery at the origin's root, where MCP clients look for it (RFC 9728 for the MCP server, RFC 8414 for the
// authorization server, whose issuer is the auth API's address): the plugin's own documents, not copies.
import { oauthProviderAuthServerMetadata } from '@better-auth/oauth-provider';
import { apiTranslator } from './api-errors.ts';
import { getAuth } from './auth.ts';

export async function handleOAuthDiscovery(request: Request): Promise<Response> {
  const auth = await getAuth();
  // Off when the address is neither HTTPS nor loopback (src/server/oauth-agents.ts).
  if (!('getOAuthServerConfig' in auth.api)) {
    const t = await apiTranslator(request);
    return Response.json({ code: 'NOT_FOUND', message: t('api:NOT_FOUND') }, { status: 404 });
  }
  if (new URL(request.url).pathname.startsWith('/.well-known/oauth-authorization-server')) {
    return oauthProviderAuthServerMetadata(auth)(request);
  }
  // The `mcp()` preset answers the protected resource's metadata from its own request hook.
  return auth.handler(request);
}
