/** Files on the local disk, under one folder (`$DATA_DIR/uploads` by default). */
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { isKey, type Storage, type StoredObject } from './storage-keys.ts';

function checked(key: string) {
  // Keys are ours and never contain `..` or a leading `/`; checked again so no caller can escape the folder.
  if (!isKey(key)) throw new Error(`Not a storage key: ${key}`);
  return key;
}

export class LocalStorage implements Storage {
  private readonly root: Promise<string>;

  /** `dir` null: a new temporary folder (throwaway databases). */
  constructor(dir: string | null) {
    this.root = dir ? Promise.resolve(path.resolve(dir)) : mkdtemp(path.join(tmpdir(), 'springboard-uploads-'));
  }

  private async file(key: string) {
    return path.join(await this.root, ...checked(key).split('/'));
  }

  async put(key: string, body: Uint8Array): Promise<void> {
    const file = await this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside, then renamed: a reader never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, body);
    await rename(partial, file);
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isKey(key)) return null;
    const file = await this.file(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    return { body, size: info.size, contentType: 'image/webp' };
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map(async (key) => rm(await this.file(key), { force: true })));
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!/^[a-z]+\/[A-Za-z0-9_-]{1,100}\/$/.test(prefix)) throw new Error(`Not a storage folder: ${prefix}`);
    const dir = path.join(await this.root, ...prefix.split('/').filter(Boolean));
    await rm(dir, { recursive: true, force: true });
  }
}
