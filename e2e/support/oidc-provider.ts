// Any login works and is the account's e-mail; "unverified…" logins come back with email_verified: false.
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './app-server.ts';

export interface OidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidcProvider(appUrl: string): Promise<OidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'app-e2e';
  const clientSecret = 'app-e2e-secret-that-is-long-enough';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          const email = id.startsWith('unverified:') ? id.slice('unverified:'.length) : id.includes('@') ? id : `${id}@oidc.example`;
          return { sub: id, email, email_verified: !id.startsWith('unverified'), name: `OIDC ${id.split('@')[0]}` };
        },
      };
    },
    // Loopback over plain http: the provider's secure-cookie checks do not apply.
    cookies: { keys: ['app-e2e-cookie-key'] },
  });
  provider.proxy = false;
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
