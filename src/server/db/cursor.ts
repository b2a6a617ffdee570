/** Keyset pagination: opaque cursors (the sort key of a page's last row, as base64url JSON) and pages. */
import { apiError, type Translate } from '../api-errors.ts';

export const encodeCursor = (key: string[]) => Buffer.from(JSON.stringify(key)).toString('base64url');

/** The sort key, or null when the cursor is not one of ours. */
export function decodeCursor(cursor: string, length: number): string[] | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown;
    return Array.isArray(value) && value.length === length && value.every((v) => typeof v === 'string') ? (value as string[]) : null;
  } catch {
    return null;
  }
}

/** The list input's cursor as a sort key (null for the first page); one we did not make is a 400. */
export function readCursor(cursor: string | undefined, length: number, t: Translate): string[] | null {
  if (!cursor) return null;
  const key = decodeCursor(cursor, length);
  if (!key) throw apiError('INPUT_VALIDATION_FAILED', t('api:INPUT_VALIDATION_FAILED'), { fields: { cursor: 'invalid' } });
  return key;
}

/** A page from `limit + 1` rows read in order: its items, and the cursor after its last row if more follow. */
export function keysetPage<R, T>(rows: R[], limit: number, keyOf: (row: R) => string[], toItem: (row: R) => T) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toItem), nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
