/**
 * What every storage implementation shares (src/server/storage/storage.ts picks one): the
 * interface, and the shape of keys and of the URLs the pages use. Pure, no imports.
 */
export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  size: number | undefined;
  contentType: string;
}

export interface Storage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Deletes these objects; a missing one is not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (a user's or a book's folder). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Removes the files no stored URL refers to (src/server/storage/pictures.ts, at start-up and
   * daily). The local disk only: in a bucket, a crash between an upload and its URL's commit leaves
   * objects that only a lifecycle rule or a manual clean-up removes.
   */
  sweep?(kinds: readonly string[], inUse: (kind: string, ids: string[]) => Promise<Set<string>>, olderThan: Date): Promise<number>;
}

/** Keys are ours: `<owner kind>/<owner id>/<file>`, letters, digits, `-` and `_` only (no traversal). */
const KEY_PATTERN = /^[a-z]+\/[A-Za-z0-9_-]{1,100}\/[A-Za-z0-9_-]{1,100}\.(webp)$/;
export const isKey = (key: string) => KEY_PATTERN.test(key);

export const UPLOADS_PATH = '/uploads/';
/** The URL a page uses for an object (same origin, whatever the storage). */
export const urlOf = (key: string) => `${UPLOADS_PATH}${key}`;
/** The key behind a URL of ours, or undefined for any other URL. */
export function keyOf(url: string | null | undefined): string | undefined {
  if (!url?.startsWith(UPLOADS_PATH)) return undefined;
  const key = url.slice(UPLOADS_PATH.length);
  return isKey(key) ? key : undefined;
}
