import { OpenAPIGenerator } from '@orpc/openapi';
import { ZodToJsonSchemaConverter } from '@orpc/zod/zod4';
import { RPC_PREFIX } from './api-handler.ts';
import { getAuth } from './auth.ts';
import { authEndpointEnabled } from './auth-endpoints.ts';
import { identity } from '../lib/identity.ts';
import { env } from './env.ts';
import { router } from './router.ts';
import { imagesOpenApiPaths } from './storage/images-openapi.ts';

type Document = {
  openapi?: string;
  info?: unknown;
  paths?: Record<string, unknown>;
  components?: Record<string, Record<string, unknown>>;
  tags?: unknown[];
};

let cached: Promise<Document> | undefined;

async function build(): Promise<Document> {
  const generator = new OpenAPIGenerator({ schemaConverters: [new ZodToJsonSchemaConverter()] });
  const product = (await generator.generate(router, {
    info: {
      title: `${identity.name} API`,
      version: '1.0.0',
      description: 'The product API (/api/rpc), the upload API (/api/images) and the authentication API (/api/auth).',
    },
  })) as Document;
  const auth = (await (await getAuth()).api.generateOpenAPISchema()) as Document;
  auth.paths = Object.fromEntries(Object.entries(auth.paths ?? {}).filter(([path]) => authEndpointEnabled(path)));
  // Better Auth's generator declares a cookie named `apiKeyCookie` and a bearer session token, neither of
  // which this server takes: its endpoints are signed in by the session cookie alone.
  delete auth.components?.securitySchemes;
  for (const item of Object.values(auth.paths) as Array<Record<string, { security?: unknown[] }>>) {
    for (const operation of Object.values(item)) delete operation.security;
  }

  const prefix = (paths: Record<string, unknown> | undefined, base: string) =>
    Object.fromEntries(Object.entries(paths ?? {}).map(([path, item]) => [`${base}${path}`, item]));
  // oRPC marks path parameters `allowEmptyValue`/`allowReserved`, which OpenAPI allows on query parameters only.
  for (const item of Object.values(product.paths ?? {}) as Array<Record<string, { parameters?: Array<Record<string, unknown>> }>>) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'path') continue;
        delete parameter.allowEmptyValue;
        delete parameter.allowReserved;
      }
    }
  }
  const components: Record<string, Record<string, unknown>> = {};
  for (const doc of [auth, product]) {
    for (const [kind, entries] of Object.entries(doc.components ?? {})) components[kind] = { ...components[kind], ...entries };
  }
  // An API key opens the product API (src/server/api-keys.ts): `/api/docs` offers both ways of presenting one.
  components.securitySchemes = {
    ...components.securitySchemes,
    apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'An API key made on the account page.' },
    bearer: { type: 'http', scheme: 'bearer', description: 'The same key as `Authorization: Bearer <key>`.' },
  };
  for (const item of Object.values(product.paths ?? {}) as Array<Record<string, { security?: unknown[] }>>) {
    for (const operation of Object.values(item)) operation.security = [{ apiKey: [] }, { bearer: [] }, {}];
  }
  return {
    openapi: '3.1.1',
    info: product.info,
    paths: { ...prefix(product.paths, RPC_PREFIX), ...imagesOpenApiPaths, ...prefix(auth.paths, '/api/auth') },
    components,
    // oRPC names tags on operations only: a reference page lists declared tags first.
    tags: [...productTags(product), ...(auth.tags ?? [])],
  };
}

function productTags(product: Document): unknown[] {
  const declared = (product.tags ?? []) as Array<{ name: string }>;
  const used = Object.values(product.paths ?? {}).flatMap((item) =>
    Object.values(item as Record<string, { tags?: string[] }>).flatMap((operation) => operation.tags ?? []),
  );
  const missing = [...new Set(used)].filter((name) => !declared.some((tag) => tag.name === name));
  return [...declared, ...missing.map((name) => ({ name }))];
}

export async function openApiDocument() {
  cached ??= build().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return { ...(await cached), servers: [{ url: env().baseUrl }] };
}
