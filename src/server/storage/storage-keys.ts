// Pure, no imports.
export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  size: number | undefined;
  contentType: string;
}

export interface Storage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** A missing one is not an error. */
  delete(keys: readonly string[]): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  /** Local disk only: in a bucket, a crash's leftovers need a lifecycle rule. */
  sweep?(kinds: readonly string[], inUse: (kind: string, ids: string[]) => Promise<Set<string>>, olderThan: Date): Promise<number>;
}

/** Letters, digits, `-` and `_` only: no traversal. */
const KEY_PATTERN = /^[a-z]+\/[A-Za-z0-9_-]{1,100}\/[A-Za-z0-9_-]{1,100}\.(webp)$/;
export const isKey = (key: string) => KEY_PATTERN.test(key);

export const UPLOADS_PATH = '/uploads/';
/** Same origin whatever the storage. */
export const urlOf = (key: string) => `${UPLOADS_PATH}${key}`;
export function keyOf(url: string | null | undefined): string | undefined {
  if (!url?.startsWith(UPLOADS_PATH)) return undefined;
  const key = url.slice(UPLOADS_PATH.length);
  return isKey(key) ? key : undefined;
}
