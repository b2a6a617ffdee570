import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { isKey, type Storage, type StoredObject } from './storage-keys.ts';

function checked(key: string) {
  // Checked again so no caller can escape the folder.
  if (!isKey(key)) throw new Error(`Not a storage key: ${key}`);
  return key;
}

export class LocalStorage implements Storage {
  private readonly root: Promise<string>;

  /** `dir` null: a new temporary folder. */
  constructor(dir: string | null) {
    this.root = dir ? Promise.resolve(path.resolve(dir)) : mkdtemp(path.join(tmpdir(), 'uploads-'));
  }

  private async file(key: string) {
    return path.join(await this.root, ...checked(key).split('/'));
  }

  async put(key: string, body: Uint8Array): Promise<void> {
    const file = await this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside then renamed, and synced before its URL is stored: no reader or crash sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    const handle = await open(partial, 'w');
    try {
      await handle.writeFile(body);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
    const folder = await open(path.dirname(file), 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
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

  /** Removes old files (crash leftovers, unreferenced pictures) whose key `inUse` does not return. */
  async sweep(kinds: readonly string[], inUse: (kind: string, ids: string[]) => Promise<Set<string>>, olderThan: Date): Promise<number> {
    const root = await this.root;
    let removed = 0;
    for (const kind of kinds) {
      const entries = await readdir(path.join(root, kind), { withFileTypes: true }).catch(() => []);
      const ids = entries.filter((e) => e.isDirectory()).map((e) => e.name);
      for (let start = 0; start < ids.length; start += 500) {
        const batch = ids.slice(start, start + 500);
        const keep = await inUse(kind, batch);
        for (const id of batch) {
          const folder = path.join(root, kind, id);
          const names = await readdir(folder).catch(() => []);
          let left = names.length;
          for (const name of names) {
            if (keep.has(`${kind}/${id}/${name}`)) continue;
            const info = await stat(path.join(folder, name)).catch(() => null);
            if (!info?.isFile() || info.mtime >= olderThan) continue;
            await rm(path.join(folder, name), { force: true });
            removed++;
            left--;
          }
          // Not empty after all when an upload has just written into it.
          if (left === 0) await rmdir(folder).catch(() => {});
        }
      }
    }
    return removed;
  }
}
