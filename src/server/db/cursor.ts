/** Keyset pagination: opaque cursors (the sort key of a page's last row, as base64url JSON) and pages. */
import { hasControlCharacters } from '../../lib/text.ts';
import { apiError, type Translate } from '../api-errors.ts';

const encodeCursor = (key: string[]) => Buffer.from(JSON.stringify(key)).toString('base64url');

/**
 * What each part of a list's sort key is: `text` (a title, an id) or `timestamp` (a
 * `timestamptz::text`, such as `2025-01-31 08:05:09.123456+00`).
 */
export type CursorKey = 'text' | 'timestamp';

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

/** A real date and time in PostgreSQL's text form (a month 13 or 30 February is not). */
function isTimestamp(value: string): boolean {
  const parts = TIMESTAMP.exec(value);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

const isKeyPart = (kind: CursorKey, value: unknown) =>
  typeof value === 'string' && !hasControlCharacters(value) && (kind === 'text' || isTimestamp(value));

/**
 * The sort key, or null when the cursor is not one of ours: not base64url JSON, not a list of
 * `shape.length` strings, or a part that is not of its kind. (A cursor that merely points between
 * two rows is fine: it is a position.)
 */
function decodeCursor(cursor: string, shape: readonly CursorKey[]): string[] | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown;
    return Array.isArray(value) && value.length === shape.length && shape.every((kind, i) => isKeyPart(kind, value[i]))
      ? (value as string[])
      : null;
  } catch {
    return null;
  }
}

/** The list input's cursor as a sort key (null for the first page); one we did not make is a 400. */
export function readCursor(cursor: string | undefined, shape: readonly CursorKey[], t: Translate): string[] | null {
  if (!cursor) return null;
  const key = decodeCursor(cursor, shape);
  if (!key) throw apiError('INPUT_VALIDATION_FAILED', t('api:INPUT_VALIDATION_FAILED'), { fields: { cursor: t('api:INVALID_CURSOR') } });
  return key;
}

/** A page from `limit + 1` rows read in order: its items, and the cursor after its last row if more follow. */
export function keysetPage<R, T>(rows: R[], limit: number, keyOf: (row: R) => string[], toItem: (row: R) => T) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toItem), nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
