// An MCP client's side of OAuth for the tests (the SDK's `OAuthClientProvider`): what a desktop assistant keeps
// between runs, here in memory. `authorization` is the address it would open in the person's browser.
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

export class MemoryProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorization?: URL;
  readonly name: string;
  readonly redirect: string;
  constructor(name: string, redirect: string) {
    this.name = name;
    this.redirect = redirect;
  }
  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata(): OAuthClientMetadata {
    // A native application (RFC 8252), as a desktop assistant is: the plugin takes its loopback address over plain HTTP.
    const metadata = {
      client_name: this.name,
      application_type: 'native',
      redirect_uris: [this.redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
    return metadata as OAuthClientMetadata;
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorization = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** One JSON-RPC message to /api/mcp with `token`, as a client sends it. */
export const mcpMessage = (token: string, message: object): RequestInit => ({
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...message }),
});
