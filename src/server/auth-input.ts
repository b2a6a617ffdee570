// Input Better Auth does not check: without these a client's mistake (a NUL, a huge string, a bad
// date or row count) became a 500, or landed in a redirect's Location header.
import { APIError } from 'better-auth/api';
import { isValidName } from '#/lib/person-name';
import { hasControlCharacters } from '#/lib/text';
import { apiTranslator } from './api-errors.ts';
import { PASSKEY_NAME_MAX } from './passkeys.ts';
import { isPictureUrl } from './storage/pictures.ts';

/** An OpenID Connect ID token is a few KB. */
const AUTH_STRING_MAX = 8192;

type Problem = { field: string; message: string; values?: Record<string, string> };

function badStringAt(value: unknown, root: string): Problem | null {
  // A loop, not recursion: a body nested thousands deep must not overflow the stack.
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const problem = stringProblem(current, path);
      if (problem) return problem;
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        const problem = stringProblem(key, childPath);
        if (problem) return problem;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

function stringProblem(text: string, field: string): Problem | null {
  if (hasControlCharacters(text)) return { field: field || '_', message: 'zod:control_characters' };
  if (text.length > AUTH_STRING_MAX)
    return { field: field || '_', message: 'zod:too_big_string', values: { maximum: String(AUTH_STRING_MAX) } };
  return null;
}

/** Years 1 to 9999. */
function isStorableDate(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return false;
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999;
}

function onboardedAtProblem(path: string, body: unknown): Problem | null {
  if (!body || typeof body !== 'object') return null;
  const fields = body as Record<string, unknown>;
  const data = fields.data && typeof fields.data === 'object' ? (fields.data as Record<string, unknown>) : undefined;
  if (path === '/update-user' && 'onboardedAt' in fields && !isStorableDate(fields.onboardedAt)) {
    return { field: 'onboardedAt', message: 'zod:invalid_date' };
  }
  if (
    (path === '/admin/create-user' || path === '/admin/update-user') &&
    data &&
    'onboardedAt' in data &&
    !isStorableDate(data.onboardedAt)
  ) {
    return { field: 'data.onboardedAt', message: 'zod:invalid_date' };
  }
  return null;
}

const BAN_EXPIRES_IN_MAX = 100 * 365 * 24 * 3600;

function banProblem(path: string, body: unknown): Problem | null {
  if (path !== '/admin/ban-user' || !body || typeof body !== 'object' || !('banExpiresIn' in body)) return null;
  const seconds = (body as { banExpiresIn?: unknown }).banExpiresIn;
  if (seconds === undefined || seconds === null) return null;
  if (typeof seconds === 'number' && seconds > 0 && seconds <= BAN_EXPIRES_IN_MAX) return null;
  return { field: 'banExpiresIn', message: 'zod:invalid_value' };
}

/** Better Auth passes `Number(value)` to SQL. */
const isRowCount = (value: unknown) =>
  (typeof value === 'number' || (typeof value === 'string' && /^\d{1,10}$/.test(value))) &&
  Number.isInteger(Number(value)) &&
  Number(value) >= 0 &&
  Number(value) <= 2 ** 31 - 1;

function pagingProblem(query: unknown): Problem | null {
  if (!query || typeof query !== 'object') return null;
  for (const field of ['limit', 'offset']) {
    const value = (query as Record<string, unknown>)[field];
    if (value !== undefined && value !== '' && !isRowCount(value)) return { field, message: 'zod:invalid_value' };
  }
  return null;
}

/** Better Auth drops the others and would ask the database for an empty update. */
const ORGANIZATION_FIELDS = ['name', 'slug', 'logo', 'metadata'];

function organizationUpdateProblem(path: string, body: unknown): Problem | null {
  if (path !== '/organization/update' || !body || typeof body !== 'object') return null;
  const data = (body as { data?: unknown }).data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null; // Better Auth's own 400
  return ORGANIZATION_FIELDS.some((field) => field in data) ? null : { field: 'data', message: 'zod:invalid_input' };
}

/** Well under the 16 KB of request head Node and proxies take. */
const CALLBACK_PARAMS_MAX = 8000;

function callbackProblem(path: string, body: unknown, query: unknown): Problem | null {
  if (!path.startsWith('/callback/')) return null;
  const params = new URLSearchParams();
  for (const source of [body, query]) {
    if (!source || typeof source !== 'object') continue;
    for (const [key, value] of Object.entries(source)) if (typeof value === 'string') params.set(key, value);
  }
  if (params.toString().length <= CALLBACK_PARAMS_MAX) return null;
  const longest = [...params].sort(([, a], [, b]) => b.length - a.length)[0]![0];
  return { field: longest, message: 'zod:invalid_value' };
}

/** A passkey's name: one line, optional when adding one (the device's name then), required to rename it. */
function passkeyNameProblem(path: string, body: unknown): Problem | null {
  if (path !== '/passkey/verify-registration' && path !== '/passkey/update-passkey') return null;
  const name = body && typeof body === 'object' ? (body as { name?: unknown }).name : undefined;
  if (name === undefined && path === '/passkey/verify-registration') return null;
  if (typeof name !== 'string') return { field: 'name', message: 'auth:validation.nameRequired' };
  const trimmed = name.trim();
  if (!trimmed && path === '/passkey/update-passkey') return { field: 'name', message: 'auth:validation.nameRequired' };
  if (/[\r\n\t]/.test(trimmed)) return { field: 'name', message: 'zod:invalid_value' };
  if (trimmed.length > PASSKEY_NAME_MAX)
    return { field: 'name', message: 'zod:too_big_string', values: { maximum: String(PASSKEY_NAME_MAX) } };
  return null;
}

/**
 * Linking a provider: what the account page sends. An ID token would link without the provider's
 * consent screen, extra scopes would ask more than sign-in does, and the rest has no use here.
 */
const LINK_FIELDS = new Set(['provider', 'callbackURL', 'errorCallbackURL', 'disableRedirect']);

function linkProblem(path: string, body: unknown): Problem | null {
  if (path !== '/link-social' || !body || typeof body !== 'object' || Array.isArray(body)) return null;
  const extra = Object.keys(body).filter((key) => !LINK_FIELDS.has(key));
  return extra.length ? { field: extra[0]!, message: 'zod:unrecognized_keys', values: { keys: extra.join(', ') } } : null;
}

function findProblem(path: string, body: unknown, query: unknown): Problem | null {
  return (
    badStringAt(body, '') ??
    badStringAt(query, '') ??
    onboardedAtProblem(path, body) ??
    banProblem(path, body) ??
    pagingProblem(query) ??
    organizationUpdateProblem(path, body) ??
    callbackProblem(path, body, query) ??
    linkProblem(path, body) ??
    passkeyNameProblem(path, body)
  );
}

export async function checkAuthInput(path: string, body: unknown, query: unknown, request: Request | undefined): Promise<void> {
  const problem = findProblem(path, body, query);
  if (!problem) {
    if (path === '/update-user') checkProfileInput(body);
    if (path === '/organization/create' || path === '/organization/update') await checkLogo(path, body, request);
    return;
  }
  // In-process calls (auth.api.*) may have no request: they get English.
  const t = await apiTranslator(request ?? new Request('http://localhost/'));
  throw new APIError('BAD_REQUEST', {
    code: 'INPUT_VALIDATION_FAILED',
    message: t('api:INPUT_VALIDATION_FAILED'),
    fields: { [problem.field]: t(problem.message, problem.values) },
  });
}

/** A picture is an http(s) URL or a path of ours, never `javascript:` or `data:`. */
function checkProfileInput(body: unknown) {
  const name = (body as Record<string, unknown> | null)?.name;
  if (name !== undefined && (typeof name !== 'string' || !name.trim() || !isValidName(name.trim()))) {
    throw new APIError('BAD_REQUEST', { code: 'INVALID_NAME', message: 'Name is invalid' });
  }
  const image = (body as Record<string, unknown> | null)?.image;
  if (image === undefined || image === null) return;
  const ok =
    typeof image === 'string' &&
    image.length <= 2048 &&
    ((URL.canParse(image) && ['http:', 'https:'].includes(new URL(image).protocol)) || /^\/(?!\/)[\w\-./]*$/.test(image));
  if (!ok) throw new APIError('BAD_REQUEST', { code: 'INVALID_IMAGE_URL', message: 'The picture must be an http(s) address' });
}

/** Logos are uploaded through /api/images: here only cleared or set to such an upload. */
async function checkLogo(path: string, body: unknown, request: Request | undefined) {
  const fields = path === '/organization/update' ? (body as { data?: unknown } | null)?.data : body;
  const logo = fields && typeof fields === 'object' ? (fields as Record<string, unknown>).logo : undefined;
  if (logo === undefined || logo === null || logo === '' || (typeof logo === 'string' && isPictureUrl('organizations', logo))) return;
  const t = await apiTranslator(request ?? new Request('http://localhost/'));
  throw new APIError('BAD_REQUEST', { code: 'INVALID_LOGO_URL', message: t('authErrors:INVALID_LOGO_URL') });
}
