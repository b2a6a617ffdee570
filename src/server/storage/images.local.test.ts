import { mkdir, mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { database } from '#/server/db/index.ts';
import { user } from '#/server/db/schema.ts';
// example:start
import { book } from '#/server/db/schema.ts';
// example:end
import { authApi, signIn } from '../../../tests/support/api.ts';
import { imagesApiSuite } from '../../../tests/support/images-api-suite.ts';
import { LocalStorage } from './local-storage.ts';
import { sweepPictures } from './pictures.ts';

process.env.UPLOAD_MAX_PIXELS = '1000000';
imagesApiSuite();

describe('the sweep of the local disk (at start-up, then daily)', () => {
  it('F8: removes a crash’s .partial files and the pictures and folders nothing refers to; keeps those in use and recent files', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sweep-'));
    const db = await database();
    const cookie = await signIn('sweep.keeper@example.com');
    const id = (await authApi<{ user: { id: string } }>('GET', '/get-session', { cookie })).body.user.id;
    await db
      .update(user)
      .set({ image: `/uploads/users/${id}/current-256.webp` })
      .where(eq(user.id, id));
    // example:start
    const [someBook] = await db.select({ id: book.id }).from(book).limit(1);
    // example:end

    const inUse = [`users/${id}/current-64.webp`, `users/${id}/current-256.webp`, `users/${id}/current-768.webp`];
    const leftovers = [
      `users/${id}/replaced-256.webp`,
      `users/${id}/current-256.webp.4242.partial`,
      'users/deleted-user/abc-64.webp',
      'users/deleted-user/abc-256.webp.77.partial',
      // example:start
      `books/${someBook!.id}/never-committed-768.webp`,
      // example:end
      'organizations/deleted-organization/logo-256.webp',
    ];
    // Younger than the grace period: an upload may be under way.
    const recent = ['users/uploading-now/new-256.webp.99.partial'];
    const longAgo = new Date(Date.now() - 2 * 3_600_000);
    for (const key of [...inUse, ...leftovers, ...recent]) {
      const file = path.join(dir, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'x');
      if (!recent.includes(key)) await utimes(file, longAgo, longAgo);
    }

    expect(await sweepPictures(db, new LocalStorage(dir))).toBe(leftovers.length);
    const left = await readdir(dir, { recursive: true, withFileTypes: true });
    const relative = (e: (typeof left)[number]) => path.relative(dir, path.join(e.parentPath, e.name));
    expect(
      left
        .filter((e) => e.isFile())
        .map(relative)
        .sort(),
    ).toEqual([...inUse, ...recent].sort());
    expect(
      left
        .filter((e) => e.isDirectory())
        .map(relative)
        .sort(),
    ).toEqual(
      [
        'organizations',
        'users',
        `users/${id}`,
        'users/uploading-now',
        // example:start
        'books',
        // example:end
      ].sort(),
    );
  });
});
