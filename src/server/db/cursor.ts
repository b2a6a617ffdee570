/** Opaque keyset-pagination cursors: the sort key of a page's last row, as base64url JSON. */
export const encodeCursor = (key: string[]) => Buffer.from(JSON.stringify(key)).toString('base64url');

/** The sort key, or null when the cursor is not one of ours (the caller answers 400). */
export function decodeCursor(cursor: string, length: number): string[] | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown;
    return Array.isArray(value) && value.length === length && value.every((v) => typeof v === 'string') ? (value as string[]) : null;
  } catch {
    return null;
  }
}
