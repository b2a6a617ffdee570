/**
 * Every page of the interface, read from the route tree the framework generates
 * (src/routeTree.gen.ts), for the page sweeps (hydration and axe in shell.spec.ts, 375 px in
 * mobile-overflow.spec.ts, `npm run screenshots`): a new route file joins them all by itself.
 *
 * A page is a route with a component and no child routes, outside the server's API (`/api/…`).
 * Routes without a component are redirects (`/`, `/manager`) or a form's POST target
 * (`/login/onboarding`). No page is left out by name; one whose parameter has no sample row is
 * left out with a warning (makeSamples).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');

export interface RouteFile {
  /** The route's id in the tree: `/manager/books/$id/` for an index route. */
  id: string;
  /** Its URL pattern: `/manager/books/$id`. */
  path: string;
  /** Its file, from the repository's root: `src/routes/manager/books/$id/index.tsx`. */
  file: string;
}

/** Every route of the generated tree (the root aside), with its URL pattern and file. */
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

/** The routes that are pages, by URL. */
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

/** Who opens a page: the sign-in pages signed out, the app's as the seeded user, every other as the admin. */
function visitor(route: string): Visitor {
  if (route === '/login' || route.startsWith('/login/')) return 'anonymous';
  if (route === '/app' || route.startsWith('/app/')) return 'user';
  return 'admin';
}

/** Rows the pages show, by route parameter and the segment before it: `books/$id` → a book's id. */
export type Samples = Record<string, string>;

/** A route's parameters, each with the segment before it: `/manager/books/$id/update` → `books/$id`. */
function parameters(route: string): string[] {
  const segments = route.split('/');
  return segments.flatMap((segment, i) => (segment.startsWith('$') ? [`${segments[i - 1]}/${segment}`] : []));
}

/** A query a page cannot show without (it redirects to /login otherwise). */
const QUERIES: Record<string, string> = { '/login/verify': '?email=user%40example.com' };

/** A page's URL with the samples in it; none when a parameter has no sample. */
export function samplePath(route: string, samples: Samples): string | undefined {
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

/** Every page, once, with its samples and visitor; a page without a sample is left out (makeSamples says why). */
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

/**
 * A sample for every parameter of a page. Made here, as the seed has none: an organisation of the
 * user's with an invitation to the admin. The admin for `users/$id` (its page lists sessions). Any
 * other, `books/$id` say, is the first row the product API lists under that name (`GET
 * /api/rpc/books`); with no row, its pages are left out, and a warning says so. `remove` deletes
 * what was made: a worker's tests share the sessions. The contexts are signed in; `origin` is the
 * app's URL.
 */
export async function makeSamples(
  admin: APIRequestContext,
  user: APIRequestContext,
  origin: string,
): Promise<{ samples: Samples; remove: () => Promise<void> }> {
  const headers = { Origin: origin };
  const slug = `sweep-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const organization = await json<{ id: string; slug: string }>(
    await user.post('/api/auth/organization/create', {
      data: { name: 'Sweep Readers', slug, keepCurrentActiveOrganization: true },
      headers,
    }),
  );
  const invitation = await json<{ id: string }>(
    await user.post('/api/auth/organization/invite-member', {
      data: { organizationId: organization.id, email: 'admin@example.com', role: 'member' },
      headers,
    }),
  );
  const users = await json<{ items: Array<{ id: string; email: string }> }>(
    await admin.get('/api/rpc/users?searchTerm=admin%40example.com'),
  );
  const samples: Samples = {
    'organizations/$id': organization.id,
    'organizations/$slug': organization.slug,
    'invitations/$id': invitation.id,
    'users/$id': users.items.find((u) => u.email === 'admin@example.com')!.id,
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
      await json(await user.post('/api/auth/organization/delete', { data: { organizationId: organization.id }, headers }));
    },
  };
}
