/**
 * The auth API's input checks that Better Auth does not make, run first in its `before` hook (so
 * before any of our hooks, rate-limit bookkeeping aside, and before the endpoint touches the
 * database). Without them, a client's mistake became a 500:
 * - a control character in any string of the body or the query (PostgreSQL refuses NUL in text,
 *   22021, and in JSON, 22P05): e-mails, ids, names, slugs, tokens;
 * - a string longer than AUTH_STRING_MAX (Better Auth stores names of any length, and echoes an
 *   OAuth callback's `error_description` into a redirect's Location header);
 * - `onboardedAt`, our additional user field, that is not a date (Better Auth stores what it gets);
 * - a ban's `banExpiresIn` that makes no date (Better Auth adds it to the current time);
 * - a list's `limit` or `offset` that is no row count (Better Auth passes `Number(value)` to SQL:
 *   `1e400`, `-1`, `x`);
 * - an organisation update without a single field it knows (Better Auth drops the others and
 *   asks the database for an empty update);
 * - an OAuth callback whose parameters would not fit in a redirect's Location header (a POST
 *   callback is answered with a redirect that carries them all).
 * A refusal is `400 INPUT_VALIDATION_FAILED` with the field and its message, in the caller's language.
 * Then, on update-user, the profile's own rules: a name as every form takes it
 * (src/lib/person-name.ts, `INVALID_NAME`) and a picture that is an http(s) URL or a path of ours,
 * never `javascript:` or `data:` (`INVALID_IMAGE_URL`); on an organisation's create or update, a
 * logo that the pictures pipeline made, or none (`INVALID_LOGO_URL`).
 */
import { APIError } from 'better-auth/api';
import { isValidName } from '#/lib/person-name';
import { hasControlCharacters } from '#/lib/text';
import { apiTranslator } from './api-errors.ts';
import { isPictureUrl } from './storage/pictures.ts';

/** Longer than any e-mail, name, id, code or token (an OpenID Connect ID token is a few KB). */
const AUTH_STRING_MAX = 8192;

type Problem = { field: string; message: string; values?: Record<string, string> };

/** The first string (key or value) with a control character or too long, anywhere in `value`, by its dotted path. */
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

/** A date the database can store: null, or an ISO 8601 string of a real date in years 1 to 9999. */
function isStorableDate(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return false;
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999;
}

/** Where `onboardedAt` can be set: the caller's own profile, and an admin's create or update (`data`). */
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

/** The longest ban: 100 years, in seconds. */
const BAN_EXPIRES_IN_MAX = 100 * 365 * 24 * 3600;

function banProblem(path: string, body: unknown): Problem | null {
  if (path !== '/admin/ban-user' || !body || typeof body !== 'object' || !('banExpiresIn' in body)) return null;
  const seconds = (body as { banExpiresIn?: unknown }).banExpiresIn;
  if (seconds === undefined || seconds === null) return null;
  if (typeof seconds === 'number' && seconds > 0 && seconds <= BAN_EXPIRES_IN_MAX) return null;
  return { field: 'banExpiresIn', message: 'zod:invalid_value' };
}

/** A row count: a whole number from 0 to 2^31 - 1, as a number or in decimal digits. */
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

/** The fields Better Auth's `/organization/update` takes in `data` (we declare no additional ones). */
const ORGANIZATION_FIELDS = ['name', 'slug', 'logo', 'metadata'];

function organizationUpdateProblem(path: string, body: unknown): Problem | null {
  if (path !== '/organization/update' || !body || typeof body !== 'object') return null;
  const data = (body as { data?: unknown }).data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null; // Better Auth's own 400
  return ORGANIZATION_FIELDS.some((field) => field in data) ? null : { field: 'data', message: 'zod:invalid_input' };
}

/** What a callback's redirect may carry: well under the 16 KB of request head Node and proxies take. */
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

function findProblem(path: string, body: unknown, query: unknown): Problem | null {
  return (
    badStringAt(body, '') ??
    badStringAt(query, '') ??
    onboardedAtProblem(path, body) ??
    banProblem(path, body) ??
    pagingProblem(query) ??
    organizationUpdateProblem(path, body) ??
    callbackProblem(path, body, query)
  );
}

/** Throws Better Auth's 400 when the call's input is one no endpoint should see. */
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

/** A name as every form takes it (src/lib/person-name.ts); a profile picture: an http(s) URL or a path of our own. */
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

/**
 * An organisation's logo is uploaded through /api/images (checked, re-encoded, same origin): through
 * the auth API it can only be cleared or set to such an upload, never `javascript:`, `data:` or another site.
 */
async function checkLogo(path: string, body: unknown, request: Request | undefined) {
  const fields = path === '/organization/update' ? (body as { data?: unknown } | null)?.data : body;
  const logo = fields && typeof fields === 'object' ? (fields as Record<string, unknown>).logo : undefined;
  if (logo === undefined || logo === null || logo === '' || (typeof logo === 'string' && isPictureUrl('organizations', logo))) return;
  const t = await apiTranslator(request ?? new Request('http://localhost/'));
  throw new APIError('BAD_REQUEST', { code: 'INVALID_LOGO_URL', message: t('authErrors:INVALID_LOGO_URL') });
}
