/**
 * The server entry (TanStack Start): the framework's handler inside our HTTP pipeline.
 * `scripts/start.mjs` imports the built copy of this file, calls `ready()` before listening,
 * and `shutdown()` on SIGTERM/SIGINT.
 */
import { fileURLToPath } from 'node:url';
import { createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server';
import { createServerEntry } from '@tanstack/react-start/server-entry';
import type * as ApiHandler from './server/api-handler.ts';
import type * as McpHandler from './server/mcp/handler.ts';
import type * as AuthHandler from './server/auth-handler.ts';
import type * as OAuthDiscovery from './server/oauth-discovery.ts';
import type * as ImagesHandler from './server/storage/upload-handler.ts';
import type * as AuditCsv from './features/audit/audit-csv.server.ts';
import type * as AccountExport from './features/account/account-export.server.ts';
import { ACCOUNT_EXPORT_PATH } from './features/account/account.schema.ts';
import { closeDatabase, ready } from './server/db/index.ts';
import { mailboxResponse } from './server/email/mailbox-page.ts';
import { checkHealth } from './server/health.ts';
import { createHttpPipeline } from './server/http/pipeline.ts';
import { setRouteTemplate } from './server/request-context.ts';
import { pageRouteId } from './page-routes.ts';

const startHandler = createStartHandler(defaultStreamHandler);

/**
 * The APIs answered before the framework, whose server routes build a router (i18n, query cache) per
 * call: +36 % CPU on the books list, +5 to 13 % on the realistic mix. Other methods fall through to it.
 * The product and auth APIs load on their first call (an idle server does not hold Better Auth).
 */
// Kept once loaded: every `import()` call goes through the module loader again (a few % of a call).
let apiHandler: Promise<typeof ApiHandler> | undefined;
let mcpHandler: Promise<typeof McpHandler> | undefined;
let authHandler: Promise<typeof AuthHandler> | undefined;
let oauthDiscovery: Promise<typeof OAuthDiscovery> | undefined;
let imagesHandler: Promise<typeof ImagesHandler> | undefined;
let auditCsv: Promise<typeof AuditCsv> | undefined;
let accountExport: Promise<typeof AccountExport> | undefined;

/** `route`: the metrics' label of a route that answers whatever follows its prefix; the product and auth APIs set their own. */
const API_ROUTES: Array<{
  prefix: string;
  methods: ReadonlySet<string>;
  route?: string;
  handle: (request: Request) => Promise<Response>;
}> = [
  {
    prefix: '/api/rpc/',
    methods: new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    handle: async (request) => (await (apiHandler ??= import('./server/api-handler.ts'))).handleApiRequest(request),
  },
  // The product API as a Model Context Protocol server, for agents with a key (decision 101).
  {
    prefix: '/api/mcp',
    methods: new Set(['POST']),
    handle: async (request) => (await (mcpHandler ??= import('./server/mcp/handler.ts'))).handleMcpRequest(request),
  },
  {
    prefix: '/api/auth/',
    methods: new Set(['GET', 'POST']),
    handle: async (request) => (await (authHandler ??= import('./server/auth-handler.ts'))).handleAuthRequest(request),
  },
  // Where MCP clients find how to sign in (decision 105).
  ...[
    '/.well-known/oauth-protected-resource',
    '/.well-known/oauth-protected-resource/api/mcp',
    '/.well-known/oauth-authorization-server',
    '/.well-known/oauth-authorization-server/api/auth',
  ].map((prefix) => ({
    prefix,
    methods: new Set(['GET', 'HEAD']),
    handle: async (request: Request) => (await (oauthDiscovery ??= import('./server/oauth-discovery.ts'))).handleOAuthDiscovery(request),
  })),
  {
    prefix: '/api/images/',
    methods: new Set(['PUT', 'DELETE']),
    route: '/api/images/*',
    handle: async (request) => (await (imagesHandler ??= import('./server/storage/upload-handler.ts'))).handleImagesRequest(request),
  },
  {
    prefix: '/uploads/',
    methods: new Set(['GET', 'HEAD']),
    route: '/uploads/*',
    handle: async (request) => (await import('./server/storage/uploads-route.ts')).serveUpload(request),
  },
  { prefix: '/api/health', methods: new Set(['GET', 'HEAD']), handle: () => checkHealth() },
  // The audit log's CSV export, streamed (decision 036).
  {
    prefix: '/api/audit.csv',
    methods: new Set(['GET']),
    handle: async (request) => (await (auditCsv ??= import('./features/audit/audit-csv.server.ts'))).handleAuditCsv(request),
  },
  // "Download my data" on the account page: a JSON attachment.
  {
    prefix: ACCOUNT_EXPORT_PATH,
    methods: new Set(['GET']),
    handle: async (request) =>
      (await (accountExport ??= import('./features/account/account-export.server.ts'))).handleAccountExport(request),
  },
  // A 404 wherever it must not exist (mailboxResponse decides): not a page, so not a file route.
  { prefix: '/devtools/mailbox', methods: new Set(['GET']), handle: async (request) => mailboxResponse(request) },
];

function apiRoute(request: Request) {
  const { pathname } = new URL(request.url);
  return API_ROUTES.find(
    (r) => (r.prefix.endsWith('/') ? pathname.startsWith(r.prefix) : pathname === r.prefix) && r.methods.has(request.method),
  );
}

async function handle(request: Request, options: { context: { nonce: string } }): Promise<Response> {
  const route = apiRoute(request);
  if (!route) {
    // Named before the page runs: a form post's own call to the auth API (sign-in-forms.server.ts) does not rename it.
    const page = pageRouteId(new URL(request.url).pathname);
    if (page) setRouteTemplate(page);
    return startHandler(request, options);
  }
  if (!route.prefix.endsWith('/') || route.route) setRouteTemplate(route.route ?? route.prefix);
  return route.handle(request);
}

export const fetch = createHttpPipeline(handle, {
  staticDir: import.meta.env.PROD ? fileURLToPath(new URL('../client', import.meta.url)) : undefined,
  pageRoute: pageRouteId,
});

export { ready };
export const shutdown = closeDatabase;

export default createServerEntry({ fetch });

export { env } from './server/env.ts';
export { identity } from './lib/identity.ts';
export { serveMetrics } from './server/metrics.ts';
export { startTracing, stopTracing } from './server/tracing.ts';
