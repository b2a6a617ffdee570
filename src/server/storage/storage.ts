// Every object is served at `/uploads/<key>`: one origin for the CSP, stable URLs, a private bucket.
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

/** Created again if the configuration changed. */
export function storage(): Promise<Storage> {
  const config = env().storage;
  const id = JSON.stringify(config);
  if (current?.config !== id) current = { config: id, storage: createStorage(config) };
  return current.storage;
}
