// From the generated route tree, so a new route file joins the page sweeps by itself. A page is a
// route with a component and no child routes; one without a sample row is left out with a warning.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');

export interface RouteFile {
  /** `/manager/books/$id/` for an index route. */
  id: string;
  path: string;
  /** From the repository's root. */
  file: string;
}

export function routeFiles(): RouteFile[] {
  const tree = readFileSync(path.join(root, 'src/routeTree.gen.ts'), 'utf8');
  const imports = new Map(
    [...tree.matchAll(/import \{ Route as (\w+) \} from '\.\/(routes\/[^']+)'/g)].map(([, name, file]) => [name!, file!]),
  );
  return [...tree.matchAll(/id: '([^']+)'\s+path: '[^']*'\s+fullPath: '([^']+)'\s+preLoaderRoute: typeof (\w+)/g)].map(
    ([, id, fullPath, name]) => {
      const base = `src/${imports.get(name!)}`;
      const file = ['.tsx', '.ts', '.jsx', '.js'].map((ext) => base + ext).find((f) => existsSync(path.join(root, f)));
      if (!file)
        throw new Error(`src/routeTree.gen.ts names ${base}, which does not exist: regenerate it (node scripts/generate-routes.mjs)`);
      // An index route's full path ends with a slash; its URL does not.
      return { id: id!, path: fullPath!.length > 1 ? fullPath!.replace(/\/$/, '') : fullPath!, file };
    },
  );
}

export function pageRoutes(): RouteFile[] {
  const routes = routeFiles();
  return routes
    .filter(
      (route) =>
        !route.path.startsWith('/api/') &&
        !routes.some((other) => other.id.startsWith(`${route.id}/`)) &&
        /\bcomponent\s*:/.test(readFileSync(path.join(root, route.file), 'utf8')),
    )
    .sort((a, b) => a.path.localeCompare(b.path));
}

export type Visitor = 'anonymous' | 'user' | 'admin';

/** The sign-in pages signed out, the app's as the seeded user, every other as the admin. */
function visitor(route: string): Visitor {
  if (route === '/login' || route.startsWith('/login/')) return 'anonymous';
  if (route === '/app' || route.startsWith('/app/')) return 'user';
  return 'admin';
}

/** `books/$id` → a book's id. */
export type Samples = Record<string, string>;

function parameters(route: string): string[] {
  const segments = route.split('/');
  return segments.flatMap((segment, i) => (segment.startsWith('$') ? [`${segments[i - 1]}/${segment}`] : []));
}

/** It redirects to /login otherwise. */
const QUERIES: Record<string, string> = { '/login/verify': '?email=user%40example.com' };

export function samplePath(route: string, samples: Samples): string | undefined {
  // A whole path, where one parameter's sample does not fit every route that has it.
  if (samples[route]) return samples[route];
  const segments = route.split('/');
  const filled = segments.map((segment, i) => (segment.startsWith('$') ? samples[`${segments[i - 1]}/${segment}`] : segment));
  if (filled.includes(undefined)) return undefined;
  return filled.map((segment) => encodeURIComponent(segment!)).join('/') + (QUERIES[route] ?? '');
}

export interface SweptPage {
  route: string;
  path: string;
  who: Visitor;
}

export function pagesToSweep(samples: Samples): SweptPage[] {
  return pageRoutes().flatMap(({ path: route }) => {
    const path = samplePath(route, samples);
    return path === undefined ? [] : [{ route, path, who: visitor(route) }];
  });
}

type Response = Awaited<ReturnType<APIRequestContext['get']>>;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

const AGENT_REDIRECT = 'http://127.0.0.1:33418/callback';

/**
 * An MCP client registered as one registers itself, and the consent page it sends `person` to (the plugin's signed
 * query: its signature lasts ten minutes, the card shows as long as the client exists).
 */
async function consentPath(person: APIRequestContext, origin: string, name: string): Promise<string> {
  const client = await json<{ client_id: string }>(
    await person.post('/api/auth/oauth2/register', {
      data: {
        client_name: name,
        application_type: 'native',
        redirect_uris: [AGENT_REDIRECT],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      },
      headers: { Origin: origin },
    }),
  );
  const { scopes_supported: scopes } = await json<{ scopes_supported: string[] }>(
    await person.get('/.well-known/oauth-protected-resource/api/mcp'),
  );
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: AGENT_REDIRECT,
    // What the resource offers, whatever resources the product has (the example's may be gone): four, and to stay.
    scope: [...scopes.filter((scope) => scope !== 'offline_access').slice(0, 4), 'offline_access'].join(' '),
    state: 'sweep',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    resource: `${origin}/api/mcp`,
  });
  const authorize = await person.get(`/api/auth/oauth2/authorize?${query}`, { maxRedirects: 0 });
  const location = authorize.headers()['location'];
  if (authorize.status() !== 302 || !location) throw new Error(`authorize: ${authorize.status()} ${await authorize.text()}`);
  const consent = new URL(location, origin);
  return consent.pathname + consent.search;
}

/** `person` allows an MCP client, as on the consent page. */
async function connectAnAgent(person: APIRequestContext, origin: string) {
  const page = new URL(await consentPath(person, origin, 'Desk Assistant'), origin);
  await json(
    await person.post('/api/auth/oauth2/consent', {
      data: { accept: true, oauth_query: page.search.slice(1) },
      headers: { Origin: origin },
    }),
  );
}

// The seed has no organisation and no webhook endpoint: one of each is made here, and `remove` deletes them (a worker's tests
// share the sessions). Other samples are the first row the product API lists; with none, those pages are left out.
export async function makeSamples(
  admin: APIRequestContext,
  user: APIRequestContext,
  origin: string,
  /**
   * For `npm run screenshots`, on a database of its own: names a visitor would meet, the organisation the user's
   * active one, with books on its shelf. The tests' sweeps leave the shared sessions' active organisation alone.
   */
  showcase = false,
): Promise<{ samples: Samples; remove: () => Promise<void> }> {
  const headers = { Origin: origin };
  const slug = showcase ? 'northside-book-club' : `sweep-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const organization = await json<{ id: string; slug: string }>(
    await user.post('/api/auth/organization/create', {
      data: { name: showcase ? 'Northside Book Club' : 'Sweep Readers', slug, keepCurrentActiveOrganization: !showcase },
      headers,
    }),
  );
  // The user's account lists an MCP client they allowed (decision 105).
  if (showcase) await connectAnAgent(user, origin);
  if (showcase) {
    const { items } = await json<{ items: Array<{ id: string }> }>(await user.get('/api/rpc/books?limit=5&sort=title'));
    const notes = ['Our pick for March', 'Lend to Ana', '', 'Discussed at the last meeting'];
    for (const [index, found] of items.slice(0, 4).entries()) {
      await json(await user.post('/api/rpc/shelf', { data: { bookId: found.id, note: notes[index] ?? '' }, headers }));
    }
    // The organisation's key, with something done through it: its settings list the key, and its Activity the book.
    const key = await json<{ secret: string }>(
      await user.post(`/api/rpc/organizations/${slug}/api-keys`, {
        data: { name: 'Shelf sync', expiresInDays: 90, permissions: { shelf: ['read', 'add'], book: ['read'] } },
        headers,
      }),
    );
    const last = items[4];
    if (last)
      await json(
        await user.post('/api/rpc/shelf', { data: { bookId: last.id, note: '' }, headers: { authorization: `Bearer ${key.secret}` } }),
      );
  }
  const invitation = await json<{ id: string }>(
    await user.post('/api/auth/organization/invite-member', {
      data: { organizationId: organization.id, email: 'admin@example.com', role: 'member' },
      headers,
    }),
  );
  const users = await json<{ items: Array<{ id: string; email: string }> }>(
    await admin.get('/api/rpc/users?searchTerm=admin%40example.com'),
  );
  // Switched off at once: the books other tests add send it nothing.
  const webhook = await json<{ id: string }>(
    await admin.post('/api/rpc/webhooks', {
      data: { url: showcase ? 'https://hooks.northside.example/moderation' : 'https://example.com/sweep', events: ['user.banned'] },
      headers,
    }),
  );
  await json(await admin.patch(`/api/rpc/webhooks/${webhook.id}`, { data: { enabled: false }, headers }));
  // The organisation's own endpoint (its owner's), for its page; deleted with the organisation.
  const organizationWebhook = await json<{ id: string }>(
    await user.post(`/api/rpc/organizations/${slug}/webhooks`, {
      data: { url: showcase ? 'https://hooks.northside.example/members' : 'https://example.com/sweep-members', events: ['member.added'] },
      headers,
    }),
  );
  await json(await user.patch(`/api/rpc/organizations/${slug}/webhooks/${organizationWebhook.id}`, { data: { enabled: false }, headers }));
  const samples: Samples = {
    '/oauth/consent': await consentPath(admin, origin, showcase ? 'Desk Assistant' : 'Sweep agent'),
    '/app/organizations/$slug/webhooks/$id': `/app/organizations/${slug}/webhooks/${organizationWebhook.id}`,
    'organizations/$id': organization.id,
    'organizations/$slug': organization.slug,
    'invitations/$id': invitation.id,
    'users/$id': users.items.find((u) => u.email === 'admin@example.com')!.id,
    'webhooks/$id': webhook.id,
  };
  for (const parameter of new Set(pageRoutes().flatMap((route) => parameters(route.path)))) {
    if (parameter in samples) continue;
    const [resource, name] = parameter.split('/$') as [string, string];
    const response = await admin.get(`/api/rpc/${resource}?limit=1`);
    if (!response.ok())
      throw new Error(`No sample for ${parameter}: GET /api/rpc/${resource} answered ${response.status()}. Make one in makeSamples.`);
    const value = ((await response.json()) as { items: Array<Record<string, unknown>> }).items[0]?.[name];
    if (typeof value === 'string') samples[parameter] = value;
    else console.warn(`Not swept: the pages with ${parameter}, as GET /api/rpc/${resource} lists none. Seed one.`);
  }
  return {
    samples,
    remove: async () => {
      // The manager's delete, not the owner's: the sweep outlasts the owner's recent sign-in
      // (ten minutes, decision 102) on a busy machine, and the owner's delete asks for one.
      await json(await admin.delete(`/api/rpc/manager/organizations/${organization.id}`, { headers }));
      await json(await admin.delete(`/api/rpc/webhooks/${webhook.id}`, { headers }));
    },
  };
}
