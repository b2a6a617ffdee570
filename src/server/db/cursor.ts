/** Keyset pagination: opaque cursors (the sort key of a page's last row, as base64url JSON). */
import { hasControlCharacters } from '../../lib/text.ts';
import { apiError, type Translate } from '../api-errors.ts';

const encodeCursor = (key: string[]) => Buffer.from(JSON.stringify(key)).toString('base64url');

/** `timestamp` parts are `timestamptz::text`, keeping microseconds. */
export type CursorKey = 'text' | 'timestamp';

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

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

/** Null when the cursor is not one of ours (a cursor that points between two rows is fine). */
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

/** A cursor we did not make is a 400. */
export function readCursor(cursor: string | undefined, shape: readonly CursorKey[], t: Translate): string[] | null {
  if (!cursor) return null;
  const key = decodeCursor(cursor, shape);
  if (!key) throw apiError('INPUT_VALIDATION_FAILED', t('api:INPUT_VALIDATION_FAILED'), { fields: { cursor: t('api:INVALID_CURSOR') } });
  return key;
}

/** Reads `limit + 1` rows: the extra one says whether a next page exists. */
export function keysetPage<R, T>(rows: R[], limit: number, keyOf: (row: R) => string[], toItem: (row: R) => T) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toItem), nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
