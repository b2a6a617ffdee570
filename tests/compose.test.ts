// compose.yaml and the Dockerfile (decision 070), read as files: what the stack and the image promise.
// The variables the app knows are read from src/server/env.ts's schema with the TypeScript
// compiler, so the list stays in one place.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseEnv } from '#/server/env';
import { createClientAddress, parseTrustedProxies } from '#/server/http/client-address';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** Read by the S3 client, not by env.ts: docs/configuration.md names them with STORAGE_URL. */
const LIBRARY_VARIABLES = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];

/** The property names of the object literal given to `z.object` as `rawSchema`. */
function envKeys(): Set<string> {
  const source = ts.createSourceFile('env.ts', read('src/server/env.ts'), ts.ScriptTarget.Latest, true);
  const keys = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === 'rawSchema' && node.initializer) {
      const call = node.initializer;
      const shape = ts.isCallExpression(call) ? call.arguments[0] : undefined;
      if (shape && ts.isObjectLiteralExpression(shape)) {
        for (const property of shape.properties) if (property.name) keys.add(property.name.getText(source));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return keys;
}

interface Service {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  environment?: Record<string, string | number | boolean | null> | string[];
  healthcheck?: { test?: string[] | string; disable?: boolean };
  depends_on?: string[] | Record<string, { condition?: string }>;
  restart?: string;
  ports?: string[];
  volumes?: string[];
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
  command?: string[] | string;
}

interface Compose {
  services: Record<string, Service>;
  networks?: Record<string, { ipam?: { config?: { subnet?: string }[] } } | null>;
}

const compose = parse(read('compose.yaml')) as Compose;
const services = Object.entries(compose.services);
const apps = services.filter(([, s]) => s.build !== undefined);

function environment(service: Service): Record<string, string> {
  const list = Array.isArray(service.environment)
    ? service.environment.map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string])
    : Object.entries(service.environment ?? {}).map(([k, v]) => [k, v === null ? '' : String(v)] as [string, string]);
  return Object.fromEntries(list);
}

/** As Compose interpolates with nothing set: `${X:-default}` is the default, `${X:?…}` (required) a stand-in. */
function interpolate(value: string) {
  return value
    .replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1')
    .replace(/\$\{[A-Z0-9_]+:\?[^}]*\}/g, 'x'.repeat(48))
    .replace(/\$\$/g, '$');
}

function dependencies(service: Service): Record<string, string | undefined> {
  const deps = service.depends_on ?? {};
  return Array.isArray(deps)
    ? Object.fromEntries(deps.map((d) => [d, undefined]))
    : Object.fromEntries(Object.entries(deps).map(([k, v]) => [k, v.condition]));
}

/** The Dockerfile's instructions, continuation lines joined, comments left out. */
const instructions = read('Dockerfile')
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const [keyword = '', ...rest] = line.split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
const lastFrom = instructions.findLastIndex((i) => i.keyword === 'FROM');
const finalStage = instructions.slice(lastFrom + 1);
const final = (keyword: string) => finalStage.filter((i) => i.keyword === keyword).map((i) => i.args);

/** `ENV A=1 B=2` (the Dockerfile writes no quoted values). */
const finalEnv = Object.fromEntries(final('ENV').flatMap((args) => args.split(/\s+/).map((pair) => pair.split(/=(.*)/s).slice(0, 2))));

describe('compose.yaml', () => {
  it('runs at least two instances of the app, built from this Dockerfile', () => {
    expect(apps.length).toBeGreaterThanOrEqual(2);
    for (const [, app] of apps) {
      const build = typeof app.build === 'string' ? { context: app.build } : app.build!;
      expect(build.context).toBe('.');
      expect(build.dockerfile ?? 'Dockerfile').toBe('Dockerfile');
    }
  });

  it('sets on the app only variables that src/server/env.ts knows (or the S3 client, as documented)', () => {
    const known = envKeys();
    expect(known.size).toBeGreaterThan(30);
    const configuration = read('docs/configuration.md');
    for (const name of LIBRARY_VARIABLES) expect(configuration).toContain(name);
    for (const [name, app] of apps) {
      const unknown = Object.keys(environment(app)).filter((key) => !known.has(key) && !LIBRARY_VARIABLES.includes(key));
      expect(unknown, name).toEqual([]);
    }
  });

  it("gives the app a configuration that env.ts accepts in production, with the image's variables", () => {
    for (const [name, app] of apps) {
      const values = Object.fromEntries(Object.entries(environment(app)).map(([k, v]) => [k, interpolate(v)]));
      const e = parseEnv({ ...finalEnv, ...values });
      expect(e.isProduction, name).toBe(true);
      expect(e.database.kind, name).toBe('postgres');
      expect(e.storage.kind, name).toBe('s3');
      expect(e.redisUrl, name).toBeDefined();
      expect(e.email.server, name).toBeDefined();
    }
  });

  it('gives the apps a streaming replica of their PostgreSQL, copied from it, that they do not wait for', () => {
    for (const [name, app] of apps) {
      const values = Object.fromEntries(Object.entries(environment(app)).map(([k, v]) => [k, interpolate(v)]));
      const e = parseEnv({ ...finalEnv, ...values });
      const primaryHost = new URL(e.database.kind === 'postgres' ? e.database.url : '').hostname;
      expect(e.replicas.urls.length, name).toBeGreaterThan(0);
      for (const url of e.replicas.urls) {
        const host = new URL(url).hostname;
        const replica = compose.services[host];
        expect(replica, `${name}: ${host}`).toBeDefined();
        expect(host).not.toBe(primaryHost);
        const command = [replica!.command ?? []].flat().join(' ');
        expect(command).toMatch(new RegExp(`pg_basebackup -h ${primaryHost} .*-R`));
        expect(Object.keys(dependencies(replica!))).toContain(primaryHost);
        // A replica down is skipped, not a reason for an app not to start.
        expect(Object.keys(dependencies(app)), name).not.toContain(host);
      }
      expect((compose.services[primaryHost]!.volumes ?? []).some((v) => v.includes('/docker-entrypoint-initdb.d/'))).toBe(true);
      // Those scripts run under a server on the socket only: a check on the socket passes before the replica can copy.
      const check = [compose.services[primaryHost]!.healthcheck?.test ?? []].flat().join(' ');
      expect(check).toMatch(/pg_isready .*(-h|--host)[ =](127\.0\.0\.1|localhost)\b/);
    }
  });

  it("trusts the load balancer's X-Forwarded-For, and no other peer's", () => {
    const lb = services.find(([, s]) => (s.volumes ?? []).some((v) => v.includes('Caddyfile')));
    expect(lb, 'a load balancer service').toBeDefined();
    const address = Object.values(lb![1].networks ?? {}).find((n) => n && typeof n === 'object' && n.ipv4_address)?.ipv4_address;
    expect(address, "the load balancer's fixed address").toBeDefined();
    const request = (peer: string) =>
      Object.assign(new Request('http://app/', { headers: { 'X-Forwarded-For': '203.0.113.7' } }), { ip: peer });
    for (const [name, app] of apps) {
      const trusted = environment(app).TRUSTED_PROXIES;
      expect(trusted, name).toBeTruthy();
      const clientAddress = createClientAddress(parseTrustedProxies(trusted));
      expect(clientAddress(request(address!)), name).toBe('203.0.113.7');
      // Another container, or the Docker gateway that publishes the port.
      expect(clientAddress(request('172.30.0.1')), name).toBe('172.30.0.1');
    }
  });

  it('has a health check on every long-running service; a one-shot job is waited for until it succeeds', () => {
    const waitedFor = new Set(
      services
        .flatMap(([, s]) => Object.entries(dependencies(s)).filter(([, c]) => c === 'service_completed_successfully'))
        .map(([d]) => d),
    );
    for (const [name, service] of services) {
      if (waitedFor.has(name) && service.restart === 'no') continue;
      expect(service.healthcheck?.test, name).toBeDefined();
      expect(service.healthcheck?.disable, name).not.toBe(true);
    }
    for (const [name, app] of apps) expect(String(app.healthcheck?.test), name).toContain('/api/health');
  });

  it('starts a service after the health checks of the services it depends on pass', () => {
    for (const [name, service] of services) {
      for (const [dependency, condition] of Object.entries(dependencies(service))) {
        expect(compose.services[dependency], `${name} → ${dependency}`).toBeDefined();
        if (compose.services[dependency]!.healthcheck) expect(condition, `${name} → ${dependency}`).toBe('service_healthy');
      }
    }
  });
});

describe('Dockerfile', () => {
  it('takes its base image as the build argument BASE_IMAGE, in every stage', () => {
    const firstFrom = instructions.findIndex((i) => i.keyword === 'FROM');
    expect(instructions.slice(0, firstFrom).map((i) => `${i.keyword} ${i.args}`)).toContain('ARG BASE_IMAGE=node:22-bookworm-slim');
    for (const from of instructions.filter((i) => i.keyword === 'FROM')) expect(from.args).toMatch(/^\$\{BASE_IMAGE\}( AS \w+)?$/);
  });

  it('runs the server as a user other than root', () => {
    const users = final('USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
  });

  it('checks /api/health, stops with SIGTERM, and keeps the embedded database in a volume', () => {
    expect(final('HEALTHCHECK').join(' ')).toContain('/api/health');
    expect(final('STOPSIGNAL')).toEqual(['SIGTERM']);
    expect(finalEnv).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    expect(final('VOLUME')).toEqual([finalEnv.DATA_DIR]);
  });

  it("exposes the app's default port and sets only variables env.ts knows", () => {
    expect(final('EXPOSE')).toEqual([String(parseEnv({}).port)]);
    const known = envKeys();
    expect(Object.keys(finalEnv).filter((key) => !known.has(key))).toEqual([]);
  });

  it('ships the build and the production dependencies, not the sources', () => {
    const copies = final('COPY');
    expect(copies.some((c) => /^--from=\w+ \/app\/dist /.test(c))).toBe(true);
    expect(copies.some((c) => c.startsWith('. ') || /(^|\s)src\b/.test(c))).toBe(false);
    expect(instructions.map((i) => i.args)).toContain('npm ci --omit=dev --ignore-scripts && npm cache clean --force');
  });
});
