// Every OpenAPI operation, the typed-client protocol and every page route, sent malformed as a visitor,
// a user and an admin. The same seed replays the same requests (node:http sends any method and path).
import { readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** mulberry32: small, fast, seedable. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(items.length)]!,
    /** From the seed, so a replay sends the same one. */
    uuid: () =>
      Array.from({ length: 32 }, () => '0123456789abcdef'[int(16)])
        .join('')
        .replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-'),
  };
}
type Random = ReturnType<typeof prng>;

type Identity = 'anonymous' | 'garbage-cookie' | 'user' | 'admin' | 'victim';

export interface FuzzCase {
  index: number;
  target?: string;
  kind: string;
  identity: Identity;
  method: string;
  /** Already percent-encoded where it should be. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface FuzzTarget {
  /** `rpc-protocol`: the typed client's path; `export`: the audit CSV; `page`: a route. */
  kind: 'rpc' | 'auth' | 'rpc-protocol' | 'export' | 'page';
  method: string;
  template: string;
  query: Array<{ name: string; schema: Schema }>;
  body?: Schema;
}

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  format?: string;
  minimum?: number;
  maxLength?: number;
  $ref?: string;
}

interface OpenApiOperation {
  operationId?: string;
  parameters?: Array<{ name: string; in: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

export function openApiTargets(doc: OpenApiDocument): FuzzTarget[] {
  const deref = (schema: Schema | undefined): Schema | undefined =>
    schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').at(-1)!] : schema;
  const targets: FuzzTarget[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const kind = template.startsWith('/api/rpc/') ? 'rpc' : 'auth';
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: deref(p.schema) ?? {} }));
      const body = deref(op.requestBody?.content?.['application/json']?.schema);
      targets.push({ kind, method: method.toUpperCase(), template, query, body: body && resolveRefs(body, deref) });
      if (kind === 'rpc' && op.operationId) {
        const input: Schema = {
          type: 'object',
          properties: {
            ...Object.fromEntries(query.map((q) => [q.name, q.schema])),
            // A well-formed delete must not delete a real row: its id is one no row has.
            ...(template.includes('{id}') ? { id: { type: 'string', ...(method === 'delete' ? { format: 'unused-id' } : {}) } } : {}),
            ...(body?.properties ?? {}),
          },
          required: [...(template.includes('{id}') ? ['id'] : []), ...(body?.required ?? [])],
        };
        targets.push({
          kind: 'rpc-protocol',
          method: 'POST',
          template: `/api/rpc/_rpc/${op.operationId.replaceAll('.', '/')}`,
          query: [],
          body: input,
        });
      }
    }
  }
  return targets;
}

/** Not in the OpenAPI document: the filters of GET /api/rpc/audit, without paging. */
export function auditCsvTarget(doc: OpenApiDocument): FuzzTarget {
  const list = openApiTargets(doc).find((t) => t.kind === 'rpc' && t.method === 'GET' && t.template === '/api/rpc/audit');
  if (!list) throw new Error('GET /api/rpc/audit is not in the OpenAPI document');
  const query = list.query.filter((q) => q.name !== 'cursor' && q.name !== 'limit');
  return { kind: 'export', method: 'GET', template: '/api/audit.csv', query };
}

function resolveRefs(schema: Schema, deref: (s: Schema | undefined) => Schema | undefined, depth = 0): Schema {
  const s = deref(schema) ?? {};
  if (depth > 4) return s;
  const next = (child: Schema) => resolveRefs(child, deref, depth + 1);
  return {
    ...s,
    ...(s.properties ? { properties: Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, next(v)])) } : {}),
    ...(s.items ? { items: next(s.items) } : {}),
    ...(s.anyOf ? { anyOf: s.anyOf.map(next) } : {}),
    ...(s.oneOf ? { oneOf: s.oneOf.map(next) } : {}),
  };
}

/** `route.tsx` is a layout, `index` its own path. */
export function pageTargets(routesDir: string): FuzzTarget[] {
  const files = readdirSync(routesDir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
  const templates = new Set<string>();
  for (const file of files) {
    const parts = file.replace(/\.tsx?$/, '').split(path.sep);
    if (parts[0] === '__root' || (parts[0] === 'api' && parts[1] !== 'docs' && parts[1] !== 'openapi')) continue;
    const last = parts.at(-1);
    if (last === 'index' || last === 'route') parts.pop();
    templates.add(`/${parts.join('/')}`);
  }
  return [...templates].sort().map((template) => ({ kind: 'page', method: 'GET', template, query: [] }));
}

/** Real ids reach deeper code, but never the fuzzing identities'. */
export interface FuzzIds {
  bookIds: string[];
  genreIds: string[];
  /** A signed-up user that write and self-service calls may ban, demote, sign out or delete. */
  victimId: string;
  victimEmail: string;
}

const CONTROL = ['\u0000', 'a\u0000b', '\u0001\u0002\u001f', 'x\u007f', '\u0000'.repeat(8), 'fuzz\u0000@example.org', 'line\nbreak\ttab\r'];
const ODD_STRINGS = [
  '',
  '   ',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil',
  '🙂'.repeat(40),
  "' or 1=1 --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '%00',
  '%',
  '\\',
  '{{constructor}}',
  '__proto__',
  'null',
  'undefined',
  'NaN',
];
const WRONG_TYPES: unknown[] = [
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  true,
  false,
  null,
  [],
  ['a', 'b'],
  [1, 2],
  [null],
  {},
  { a: 1 },
  JSON.parse('{"__proto__":{"admin":true}}'),
  { toString: 'x' },
  [[[[[[[[[[[]]]]]]]]]]],
];
const DATES: unknown[] = [
  'x',
  '2020-13-45',
  '2020-02-30T25:61:61Z',
  '9999999-01-01',
  '0000-00-00',
  // Well-formed, at and past the ends of what the database holds.
  '9999-12-31',
  '0000-01-01',
  '0001-01-01T00:00-01:00',
  1e20,
  -1e20,
  '1e400',
  'Invalid Date',
];
const LONG_LENGTHS = [101, 201, 255, 1000, 5000, 20_000, 100_000];

function badString(r: Random): string {
  const roll = r.int(10);
  if (roll < 4) return r.pick(CONTROL);
  if (roll < 7) return (r.chance(0.5) ? 'a' : 'é').repeat(r.pick(LONG_LENGTHS));
  return r.pick(ODD_STRINGS);
}

function badValue(r: Random, field = ''): unknown {
  const roll = r.int(10);
  if (/At$|date|expires|^(from|to)$/i.test(field) && roll < 4) return r.pick(DATES);
  if (roll < 5) return badString(r);
  if (roll < 9) return r.pick(WRONG_TYPES);
  return r.pick(DATES);
}

const base64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

function badCursor(r: Random): string {
  return r.pick([
    'WyJhIiwiYiJd',
    '!!!',
    '%00',
    'x'.repeat(r.pick([499, 501, 5000])),
    base64url('not json'),
    base64url('\u0000'),
    base64url([]),
    base64url(['a']),
    base64url(['a', 'b', 'c']),
    base64url([1, 2]),
    base64url([null, null]),
    base64url({ a: 1 }),
    base64url('"x"'),
    base64url(['2020-13-45', 'x']),
    base64url(['2024-01-01 00:00:00+00', 'x'.repeat(400)]),
    base64url(['99999-01-01', 'x']),
    base64url(['\u0000', 'x']),
    base64url(['a', '\u0000']),
    base64url(['infinity', 'x']),
    base64url(['epoch', 'x']),
    base64url(['2024-01-01 00:00:00+00', '']),
    Buffer.from([0xff, 0xfe, 0x00, 0x01]).toString('base64url'),
  ]);
}

/** The fuzz then breaks one part of it, so the rest gets past validation. */
function sample(r: Random, schema: Schema | undefined, ids: FuzzIds, field = '', depth = 0): unknown {
  if (!schema || depth > 4) return 'fuzz';
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sample(r, alt.find((s) => s.type !== 'null') ?? alt[0], ids, field, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return [sample(r, schema.items, ids, field, depth + 1)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || r.chance(0.5)) out[key] = sample(r, child, ids, key, depth + 1);
      }
      return out;
    }
    default:
      return sampleString(r, schema, ids, field);
  }
}

function sampleString(r: Random, schema: Schema, ids: FuzzIds, field: string): string {
  if (schema.format === 'unused-id') return r.uuid();
  if (schema.format === 'date-time' || /At$/.test(field)) return new Date().toISOString();
  if (/email/i.test(field)) return r.chance(0.5) ? ids.victimEmail : `fuzz.${r.int(1e6)}@example.org`;
  if (/^(userId|id|memberId|organizationId|teamId|invitationId|genreId)$/.test(field)) return pickId(r, ids, field);
  if (/url/i.test(field)) return '/';
  if (field === 'role') return 'user';
  if (field === 'type') return 'sign-in';
  if (field === 'otp') return String(r.int(1e6)).padStart(6, '0');
  if (field === 'color') return '#123456';
  if (field === 'cursor') return badCursor(r);
  if (field === 'from' || field === 'to') return r.pick(['2025-01-31', '2025-01-31T08:00', '0001-01-01', '9999-12-30']);
  return 'fuzz';
}

function pickId(r: Random, ids: FuzzIds, field: string): string {
  if (field === 'genreId') return r.chance(0.7) ? r.pick(ids.genreIds) : r.uuid();
  if (field === 'userId') return r.chance(0.7) ? ids.victimId : r.uuid();
  return r.pick([ids.victimId, ...ids.bookIds.slice(0, 3), ...ids.genreIds.slice(0, 1), r.uuid()]);
}

function badSegment(r: Random): string {
  return r.pick([
    '%00',
    'a%00b',
    'x'.repeat(r.pick([101, 200, 1000, 5000])),
    '%zz',
    '%',
    '%E0%A4%A',
    '%FF%FE',
    '%C0%AF',
    '%2F',
    '..',
    '%2E%2E',
    '%20',
    '%0A%0D',
    '%7F',
    '%ED%A0%80',
    percentEncode('🙂'.repeat(30)),
    percentEncode("' or 1=1 --"),
    '0',
    '-1',
    'null',
    percentEncode('<script>'),
  ]);
}

function badQueryValue(r: Random): string {
  return r.pick([
    '%00',
    'a%00b',
    '%01%1F',
    'x'.repeat(r.pick([101, 200, 1000, 6000])),
    'é'.repeat(r.pick([60, 101, 500])),
    '%zz',
    '%',
    '%FF',
    '[1,2]',
    '%5B1%2C2%5D',
    '%7B%22a%22%3A1%7D',
    '123',
    '-1',
    '1e400',
    'null',
    'true',
    '%22%00%22',
    '%22' + 'x'.repeat(300) + '%22',
    '',
  ]);
}

const ODD_METHODS = ['TRACE', 'OPTIONS', 'PATCH', 'DELETE', 'PUT', 'PROPFIND', 'MKCOL', 'LOCK', 'HEAD', 'POST', 'SEARCH', 'FOO'];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/xml',
  'application/json; charset=latin1',
  'application/octet-stream',
  'application/json',
  '',
  '*/*',
  'application/json; boundary',
];
const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"str"',
  '123',
  'true',
  '{"__proto__":{"admin":true}}',
  'a=1&b=%00',
  '--fuzz\r\nContent-Disposition: form-data; name="title"\r\n\r\n\u0000\r\n--fuzz--\r\n',
  '<xml/>',
  '\u0000',
  '{"json":',
  '[' + '['.repeat(5000) + ']'.repeat(5000) + ']',
  '{"a":"' + 'x'.repeat(200_000) + '"}',
];
const GARBAGE_COOKIES = [
  'better-auth.session_token=%00',
  'better-auth.session_token=' + 'x'.repeat(4000),
  'better-auth.session_token=abc.def',
  'better-auth.session_token=%zz',
  'better-auth.session_data=%7B%22a%22',
  'better-auth.session_token="%01"',
  'lng=%00',
  'lng=' + 'x'.repeat(500),
];
const LANGUAGES = ['en', 'fr', 'ar', 'sw', 'xx', '*', 'fr;q=abc', 'x'.repeat(300)];

/** Only the victim and visitors call these: they would sign out, delete or change the caller. */
const SELF_SERVICE =
  /^\/api\/auth\/(sign-out|revoke-session|revoke-sessions|revoke-other-sessions|delete-user|update-user|change-email|update-session|unlink-account|email-otp\/(change-email|request-email-change)|organization\/leave)$/;

function identityFor(r: Random, target: FuzzTarget): Identity {
  if (SELF_SERVICE.test(target.template)) return r.pick(['anonymous', 'victim', 'victim', 'garbage-cookie']);
  return r.pick(['anonymous', 'user', 'admin', 'admin', 'garbage-cookie']);
}

function fillPath(r: Random, target: FuzzTarget, ids: FuzzIds, broken: boolean): string {
  const segments = target.template.split('/');
  const slots = segments.map((s, i) => (/^(\{\w+\}|\$\w*)$/.test(s) ? i : -1)).filter((i) => i >= 0);
  const brokenSlot = broken && slots.length ? r.pick(slots) : -1;
  return segments
    .map((segment, i) => {
      if (!slots.includes(i)) return segment;
      if (i === brokenSlot) return badSegment(r);
      if (segment === '$') return r.pick(['', 'index.html', 'swagger-ui.css', 'x']);
      // DELETE with a real id would delete it.
      if (target.method === 'DELETE') return r.uuid();
      if (target.template.includes('users')) return ids.victimId;
      if (target.template.includes('genres')) return r.pick(ids.genreIds);
      if (target.template.includes('books')) return r.pick(ids.bookIds);
      return r.pick(['fuzz', r.uuid()]);
    })
    .join('/');
}

function breakOneField(r: Random, body: unknown, schema: Schema | undefined): { body: unknown; field: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { body: badValue(r), field: '(body)' };
  const keys = [...new Set([...Object.keys(body), ...Object.keys(schema?.properties ?? {})])];
  const field = keys.length && r.chance(0.9) ? r.pick(keys) : r.pick(['extra', '__proto__', 'constructor', 'x'.repeat(300)]);
  return { body: { ...body, [field]: badValue(r, field) }, field };
}

function poisonStrings(value: unknown, poison: (s: string) => string): unknown {
  if (typeof value === 'string') return poison(value);
  if (Array.isArray(value)) return value.map((v) => poisonStrings(v, poison));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poisonStrings(v, poison)]));
  return value;
}

function queryString(pairs: Array<[string, string]>) {
  return pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
}

/** A lone surrogate becomes U+FFFD; encodeURIComponent would throw. */
const percentEncode = (text: string) =>
  [...Buffer.from(text)]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');

/** Node refuses request heads over 16 KB (431) and closes the connection, which may look like a reset. */
const asQueryValue = (value: unknown) => percentEncode(typeof value === 'string' ? value : JSON.stringify(value)).slice(0, 6000);

const PAGE_PARAMS = ['searchTerm', 'redirect', 'error', 'email', 'state', 'newEmail', 'lng', 'cursor', 'id', '_splat', 'fuzz'];

function makeCase(r: Random, index: number, target: FuzzTarget, ids: FuzzIds, origin: string): FuzzCase {
  return { ...malformedRequest(r, index, target, ids, origin), target: `${target.method} ${target.template}` };
}

function malformedRequest(r: Random, index: number, target: FuzzTarget, ids: FuzzIds, origin: string): FuzzCase {
  const identity = identityFor(r, target);
  const headers: Record<string, string> = {
    // A fresh address per request keeps the fuzz clear of the per-address rate limits.
    'X-Forwarded-For': `198.${18 + r.int(2)}.${r.int(256)}.${1 + r.int(254)}`,
  };
  if (r.chance(0.9)) headers.Origin = r.chance(0.95) ? origin : r.pick(['null', 'http://evil.example', '%00']);
  if (r.chance(0.3)) headers['Accept-Language'] = r.pick(LANGUAGES);
  if (identity === 'garbage-cookie') headers.Cookie = r.pick(GARBAGE_COOKIES);

  if (target.kind === 'page') return pageCase(r, index, target, ids, identity, headers);

  let method = target.method;
  let kinds: string[] = ['path', 'query', 'method', 'content-type', 'raw-body'];
  if (target.body) kinds = [...kinds, 'field', 'field', 'field', 'nul-everywhere', 'long-everywhere', 'wrong-top'];
  if (target.query.length) kinds = [...kinds, 'query', 'query'];
  if (target.query.some((q) => q.name === 'cursor')) kinds = [...kinds, 'cursor', 'cursor'];
  let kind = r.pick(kinds);
  if (kind === 'path' && !/[{$]/.test(target.template)) kind = target.body ? 'field' : 'query';

  let path = fillPath(r, target, ids, kind === 'path');
  const pairs: Array<[string, string]> = target.query
    .filter(() => r.chance(0.5))
    .map((q) => [q.name, asQueryValue(sample(r, q.schema, ids, q.name))]);
  let body: unknown = target.body ? sample(r, target.body, ids) : undefined;
  let raw: string | undefined;
  let contentType = 'application/json';
  let detail = '';

  switch (kind) {
    case 'query': {
      const name = target.query.length && r.chance(0.85) ? r.pick(target.query).name : r.pick(['fuzz', 'searchTerm', 'limit', '__proto__']);
      const value = r.chance(0.7) ? badQueryValue(r) : asQueryValue(badValue(r, name));
      if (r.chance(0.15)) pairs.push([name, 'a'], [name, 'b']);
      else pairs.push([name, value]);
      detail = name;
      break;
    }
    case 'cursor':
      pairs.push(['cursor', percentEncode(badCursor(r))]);
      break;
    case 'method':
      method = r.pick(ODD_METHODS.filter((m) => m !== target.method));
      break;
    case 'content-type':
      contentType = r.pick(CONTENT_TYPES);
      raw = r.chance(0.5) ? JSON.stringify(body ?? {}) : new URLSearchParams({ title: 'a\u0000', email: 'a\u0000@b.c' }).toString();
      break;
    case 'raw-body':
      raw = r.pick(RAW_BODIES);
      contentType = r.chance(0.8) ? 'application/json' : r.pick(CONTENT_TYPES);
      break;
    case 'field': {
      const broken = breakOneField(r, body, target.body);
      body = broken.body;
      detail = broken.field;
      break;
    }
    case 'nul-everywhere':
      body = poisonStrings(body, (s) => `${s}\u0000`);
      break;
    case 'long-everywhere': {
      const length = r.pick(LONG_LENGTHS.slice(0, 5));
      body = poisonStrings(body, (s) => s + 'x'.repeat(length));
      break;
    }
    case 'wrong-top':
      body = r.pick(WRONG_TYPES);
      break;
  }
  if (target.kind === 'rpc-protocol' && raw === undefined) body = { json: body };
  path += queryString(pairs);

  const hasBody = !['GET', 'HEAD', 'TRACE'].includes(method) || (kind === 'raw-body' && r.chance(0.3));
  const sent = hasBody ? (raw ?? (body === undefined ? undefined : JSON.stringify(body))) : undefined;
  if (sent !== undefined && contentType) headers['Content-Type'] = contentType;
  return {
    index,
    kind: detail ? `${kind}:${detail}` : kind,
    identity,
    method,
    path,
    headers,
    ...(sent === undefined ? {} : { body: sent }),
  };
}

function pageCase(
  r: Random,
  index: number,
  target: FuzzTarget,
  ids: FuzzIds,
  identity: Identity,
  headers: Record<string, string>,
): FuzzCase {
  headers.Accept = r.chance(0.8) ? 'text/html,application/xhtml+xml' : r.pick(['*/*', 'application/json', '']);
  const kinds = ['query', 'query', 'query', 'method'];
  if (/\$/.test(target.template)) kinds.push('path', 'path', 'path');
  const kind = r.pick(kinds);
  const method = kind === 'method' ? r.pick(ODD_METHODS) : r.chance(0.1) ? 'HEAD' : 'GET';
  const pairs: Array<[string, string]> = [];
  let detail = '';
  if (kind === 'query' || r.chance(0.3)) {
    const name = r.pick(PAGE_PARAMS);
    detail = name;
    if (r.chance(0.15)) pairs.push([name, 'a'], [name, badQueryValue(r)]);
    else pairs.push([name, badQueryValue(r)]);
  }
  const path = fillPath(r, target, ids, kind === 'path') + queryString(pairs);
  const body = method === 'POST' || method === 'PUT' ? r.pick(RAW_BODIES.slice(0, 12)) : undefined;
  if (body !== undefined) headers['Content-Type'] = r.pick(CONTENT_TYPES);
  return {
    index,
    kind: `page-${kind}${detail ? `:${detail}` : ''}`,
    identity,
    method,
    path,
    headers,
    ...(body === undefined ? {} : { body }),
  };
}

/** Few enough to send them all, as an admin, after the random cases. */
export function dateCases(targets: FuzzTarget[], first: number): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const target of targets.filter((t) => t.kind !== 'page')) {
    for (const { name } of target.query.filter((q) => /^(from|to)$/.test(q.name))) {
      for (const value of DATES) {
        const index = first + cases.length;
        cases.push({
          index,
          target: `${target.method} ${target.template}`,
          kind: `date:${name}`,
          identity: 'admin',
          method: target.method,
          path: `${target.template}?${name}=${asQueryValue(value)}`,
          headers: { 'X-Forwarded-For': `198.19.250.${1 + (index % 254)}` },
        });
      }
    }
  }
  return cases;
}

/** Page routes come three times as often as API operations: more parameters and identities matter. */
export function makeCases(seed: number, count: number, targets: FuzzTarget[], ids: FuzzIds, origin: string): FuzzCase[] {
  const r = prng(seed);
  const rotation = targets.flatMap((t) => (t.kind === 'page' ? [t, t, t] : [t]));
  return Array.from({ length: count }, (_, index) => makeCase(r, index, rotation[index % rotation.length]!, ids, origin));
}

export interface FuzzAnswer {
  status: number;
  excerpt: string;
  headers: http.IncomingHttpHeaders;
  /** A stream that failed after its status went. */
  cut?: boolean;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** A request that never ends is status 0; a kept-alive connection closed just as it went out is retried once, as browsers do. */
export async function send(baseUrl: string, fuzz: FuzzCase, cookie: string | undefined, timeoutMs = 30_000): Promise<FuzzAnswer> {
  const first = await sendOnce(baseUrl, fuzz, cookie, timeoutMs);
  return first.retry ? sendOnce(baseUrl, fuzz, cookie, timeoutMs) : first;
}

function sendOnce(
  baseUrl: string,
  fuzz: FuzzCase,
  cookie: string | undefined,
  timeoutMs: number,
): Promise<FuzzAnswer & { retry?: boolean }> {
  const url = new URL(baseUrl);
  const headers: Record<string, string> = { ...fuzz.headers };
  if (cookie) headers.Cookie = cookie;
  const body = fuzz.body === undefined ? undefined : Buffer.from(fuzz.body);
  if (body) headers['Content-Length'] = String(body.length);
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: FuzzAnswer & { retry?: boolean }) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    let req: http.ClientRequest;
    try {
      req = http.request({ host: url.hostname, port: url.port, method: fuzz.method, path: fuzz.path, headers, agent });
    } catch (error) {
      // The client itself refused to send it (an invalid header value): nothing reached the server.
      done({ status: -1, excerpt: String(error), headers: {} });
      return;
    }
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      done({ status: 0, excerpt: `no answer within ${timeoutMs} ms`, headers: {} });
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      done({
        status: 0,
        excerpt: `connection error: ${error.message}${req.reusedSocket ? ' (a reused connection)' : ''}`,
        headers: {},
        retry: req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE'),
      }),
    );
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        if (size < 4096) chunks.push(c);
        size += c.length;
      });
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, excerpt: Buffer.concat(chunks).toString('utf8', 0, 300), headers: res.headers }),
      );
      const cut = () => done({ status: res.statusCode ?? 0, excerpt: '(answer cut short)', headers: res.headers, cut: true });
      res.on('error', cut);
      res.on('close', () => {
        if (!res.complete) cut();
      });
    });
    req.end(body);
  });
}

export async function runCases(
  cases: FuzzCase[],
  concurrency: number,
  run: (fuzz: FuzzCase) => Promise<FuzzAnswer>,
  onAnswer: (fuzz: FuzzCase, answer: FuzzAnswer) => void,
) {
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const fuzz = cases[next++]!;
      onAnswer(fuzz, await run(fuzz));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Enough to replay it by hand. */
export function describeFailure(seed: number, fuzz: FuzzCase, answer: FuzzAnswer) {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  const body = fuzz.body === undefined ? '' : ` body=${JSON.stringify(cut(fuzz.body, 160))}`;
  const type = fuzz.headers['Content-Type'] === undefined ? '' : ` content-type=${JSON.stringify(fuzz.headers['Content-Type'])}`;
  return `[seed ${seed} #${fuzz.index} ${fuzz.kind} as ${fuzz.identity}] ${fuzz.method} ${cut(fuzz.path, 200)}${type}${body} → ${answer.status} ${JSON.stringify(cut(answer.excerpt, 200))}`;
}

/** Where made-up paths answer 401, 307 or 404 (G2): each must count under one label, never its own. */
const UNKNOWN_PATH_PREFIXES = [
  '/api/rpc/users/',
  '/api/rpc/',
  '/app/',
  '/app/organizations/',
  '/invitations/',
  '/manager/',
  '/api/auth/',
  '/',
];

/** Made-up paths, each with `marker` in it: the metrics must never show one. */
export function unknownPathCases(seed: number, count: number, first: number, marker: string): FuzzCase[] {
  const r = prng(seed ^ 0x5eed);
  return Array.from({ length: count }, (_, n) => {
    const prefix = r.pick(UNKNOWN_PATH_PREFIXES);
    const extra = Array.from({ length: r.int(3) }, () => percentEncode(String(r.pick(ODD_STRINGS))) || 'x');
    const path = `${prefix}${marker}${n}${extra.length ? `/${extra.join('/')}` : ''}`;
    const identity = r.pick(['anonymous', 'anonymous', 'garbage-cookie'] as const);
    const headers: Record<string, string> = {
      'X-Forwarded-For': `198.${18 + r.int(2)}.${r.int(256)}.${1 + r.int(254)}`,
      Accept: r.chance(0.5) ? 'text/html' : 'application/json',
    };
    if (identity === 'garbage-cookie') headers.Cookie = r.pick(GARBAGE_COOKIES);
    return {
      index: first + n,
      target: 'unknown path',
      kind: 'unknown-path',
      identity,
      method: r.pick(['GET', 'GET', 'POST', 'HEAD']),
      path,
      headers,
    };
  });
}

/** A tool as `tools/list` describes it. */
export interface McpTool {
  name: string;
  inputSchema: Schema;
}

const MCP_METHODS = [
  'tools/list',
  'tools/call',
  'initialize',
  'ping',
  'resources/list',
  'prompts/list',
  'notifications/initialized',
  'x/y',
];

/**
 * JSON-RPC over `POST /api/mcp`, malformed the ways a buggy or hostile agent sends it: a real tool with one
 * argument broken, a tool that does not exist, a method the server has not, broken envelopes and batches,
 * bodies that are not JSON, the wrong headers and methods, no key or a bad one.
 */
export function mcpCases(seed: number, count: number, first: number, tools: McpTool[], ids: FuzzIds, secrets: string[]): FuzzCase[] {
  const r = prng(seed ^ 0x3c9);
  const call = (tool: McpTool, args: unknown, id: unknown = r.int(1e6)) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: tool.name, arguments: args },
  });
  const envelope = (): unknown => {
    const tool = r.pick(tools);
    switch (r.int(8)) {
      case 0:
        // A real tool, all its arguments sound but one.
        return call(tool, breakOneField(r, sample(r, tool.inputSchema, ids), tool.inputSchema).body);
      case 1:
        return call(tool, r.pick([null, [], 'str', 1, { [badString(r)]: badValue(r) }]));
      case 2:
        return call({ name: badString(r), inputSchema: {} }, {});
      case 3:
        return { jsonrpc: '2.0', id: r.int(1e6), method: r.chance(0.5) ? r.pick(MCP_METHODS) : badString(r), params: badValue(r) };
      case 4:
        // The envelope itself: a wrong version, an id no request has, no method.
        return {
          ...call(tool, sample(r, tool.inputSchema, ids), r.pick([{}, [], 1e308, -1, '', null, true])),
          jsonrpc: r.pick(['1.0', 2, null, '']),
        };
      case 5:
        return { id: 1, params: {} };
      case 6:
        return Array.from({ length: 1 + r.int(4) }, () => call(r.pick(tools), sample(r, r.pick(tools).inputSchema, ids)));
      default:
        return call(
          tool,
          poisonStrings(sample(r, tool.inputSchema, ids), () => badString(r)),
        );
    }
  };
  // Mostly a key, so that most requests reach the protocol and the tools; several, each under its rate limit.
  const wrong = ['', 'Bearer ', `Bearer ${secrets[0]}x`, 'Basic Zm9vOmJhcg==', `Bearer ${'x'.repeat(5000)}`, 'Bearer sb_%00'];
  return Array.from({ length: count }, (_, n) => {
    const authorization = r.chance(0.8) ? `Bearer ${r.pick(secrets)}` : r.pick(wrong);
    const method = r.chance(0.9) ? 'POST' : r.pick(['GET', 'DELETE', ...ODD_METHODS]);
    const headers: Record<string, string> = {
      'Content-Type': r.chance(0.85) ? 'application/json' : r.pick(CONTENT_TYPES),
      Accept: r.chance(0.85) ? 'application/json, text/event-stream' : r.pick(['', 'text/html', 'application/json', '*/*']),
    };
    if (authorization) headers.Authorization = authorization;
    // Under Node's 16 KB of headers: past it, Node's own parser answers 431 and resets the connection, which may reach
    // the client before the answer does (a status of 0 here, twice in three loaded runs, never the app's doing).
    if (r.chance(0.1))
      headers['Mcp-Session-Id'] =
        String(badString(r))
          .replace(/[^\x21-\x7e]/g, 'x')
          .slice(0, 512) || 'x';
    const body = r.chance(0.12) ? r.pick(RAW_BODIES) : JSON.stringify(envelope());
    return {
      index: first + n,
      target: 'POST /api/mcp',
      kind: 'mcp',
      identity: 'anonymous' as const,
      method,
      path: '/api/mcp',
      headers,
      body,
    };
  });
}
