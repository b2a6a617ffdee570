import { ORPCError } from '@orpc/server';
import { detectLanguage } from '#/lib/i18n/detect-language';
import { languageI18n } from '#/lib/i18n/i18n';

export type ApiErrorCode =
  | 'UNAUTHORIZED'
  | 'SECOND_FACTOR_REQUIRED'
  | 'TWO_FACTOR_SETUP_REQUIRED'
  | 'ORGANIZATION_REQUIRES_TWO_FACTOR'
  | 'OWN_TWO_FACTOR_REQUIRED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'USER_ALREADY_EXISTS'
  | 'LAST_ADMIN'
  | 'DEMO_MODE'
  | 'NO_ACTIVE_ORGANIZATION'
  | 'INPUT_VALIDATION_FAILED'
  | 'TOO_MANY_REQUESTS'
  | 'API_KEY_INVALID'
  | 'API_KEY_EXPIRED'
  | 'API_KEY_SESSION_ONLY'
  | 'SESSION_EXPIRED'
  | 'BANNED_USER'
  | 'INTERNAL_SERVER_ERROR';

const STATUS: Record<ApiErrorCode, number> = {
  UNAUTHORIZED: 401,
  SECOND_FACTOR_REQUIRED: 401,
  TWO_FACTOR_SETUP_REQUIRED: 403,
  ORGANIZATION_REQUIRES_TWO_FACTOR: 403,
  OWN_TWO_FACTOR_REQUIRED: 409,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  USER_ALREADY_EXISTS: 409,
  LAST_ADMIN: 409,
  DEMO_MODE: 403,
  NO_ACTIVE_ORGANIZATION: 400,
  INPUT_VALIDATION_FAILED: 400,
  TOO_MANY_REQUESTS: 429,
  API_KEY_INVALID: 401,
  API_KEY_EXPIRED: 401,
  API_KEY_SESSION_ONLY: 403,
  SESSION_EXPIRED: 403,
  BANNED_USER: 403,
  INTERNAL_SERVER_ERROR: 500,
};

/** One shared i18n instance per language. */
export async function apiTranslator(request: Request) {
  const lng = detectLanguage(request);
  const i18n = await languageI18n(lng);
  return (key: string, values?: Record<string, string>) => String(i18n.t(key as never, values as never));
}

export type Translate = Awaited<ReturnType<typeof apiTranslator>>;

export function apiError(code: ApiErrorCode, message: string, data?: Record<string, unknown>) {
  return new ORPCError(code, { status: STATUS[code], message, data });
}
