/**
 * Where uploaded files live: one interface, two implementations (decision 037). Local disk under
 * `$DATA_DIR/uploads` by default, any S3-compatible store with `STORAGE_URL`. Either way the app
 * serves every object at `/uploads/<key>` (uploads-route.ts): one origin for the CSP, stable URLs
 * that can be stored, and a bucket that stays private.
 */
import { env } from '../env.ts';
import type { StorageConfig } from './storage-config.ts';
import type { Storage } from './storage-keys.ts';

async function createStorage(config: StorageConfig): Promise<Storage> {
  if (config.kind === 'local') {
    const { LocalStorage } = await import('./local-storage.ts');
    return new LocalStorage(config.dir);
  }
  const { S3Storage } = await import('./s3-storage.ts');
  return new S3Storage(config);
}

let current: { config: string; storage: Promise<Storage> } | undefined;

/** This process's storage, as configured (created on first use, again if the configuration changed). */
export function storage(): Promise<Storage> {
  const config = env().storage;
  const id = JSON.stringify(config);
  if (current?.config !== id) current = { config: id, storage: createStorage(config) };
  return current.storage;
}
