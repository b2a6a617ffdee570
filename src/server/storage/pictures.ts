// No image library here: the auth config and the books API load this module.
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { organization, user } from '../db/schema.ts';
import { logger } from '../logger.ts';
import { keyOf, type Storage } from './storage-keys.ts';
import { storage } from './storage.ts';
// example:start
import { book } from '../db/schema.ts';
// example:end

/** Whose pictures there are: the row and column that holds each one's URL, and its shape (a cover is 2:3). */
export const PICTURE_COLUMNS = {
  users: { table: user, id: user.id, url: user.image, shape: 'square' },
  organizations: { table: organization, id: organization.id, url: organization.logo, shape: 'square' },
  // example:start
  books: { table: book, id: book.id, url: book.coverImage, shape: 'cover' },
  // example:end
} as const;

export type OwnerKind = keyof typeof PICTURE_COLUMNS;

/** The pages' `srcset` widths. */
export const IMAGE_WIDTHS = [64, 256, 768] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const STORED_WIDTH: ImageWidth = 256;

export function objectsOf(owner: { kind: OwnerKind; id: string }, url: string | null | undefined): string[] {
  const key = keyOf(url);
  const stem = key?.match(new RegExp(`^(${owner.kind}/${owner.id}/[A-Za-z0-9_-]+)-${STORED_WIDTH}\\.webp$`))?.[1];
  return stem ? IMAGE_WIDTHS.map((w) => `${stem}-${w}.webp`) : [];
}

export const isPictureUrl = (kind: OwnerKind, url: string) =>
  new RegExp(`^${kind}/[A-Za-z0-9_-]{1,100}/[A-Za-z0-9_-]+-${STORED_WIDTH}\\.webp$`).test(keyOf(url) ?? '');

/** After the row itself is deleted. */
export async function deletePicturesOf(kind: OwnerKind, id: string): Promise<void> {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) return;
  const files = await storage();
  await files.deletePrefix(`${kind}/${id}/`).catch((error: unknown) => {
    logger().warn({ err: error, owner: `${kind}/${id}` }, 'pictures not deleted');
  });
}

/** A file this young may belong to an upload whose URL is not stored yet (here or in another instance). */
const SWEEP_GRACE_MS = 3_600_000;

export async function sweepPictures(db: Database, files?: Storage): Promise<number> {
  const store = files ?? (await storage());
  if (!store.sweep) return 0;
  const inUse = async (kind: string, ids: string[]) => {
    const { table, id, url } = PICTURE_COLUMNS[kind as OwnerKind];
    const rows = await db.select({ id, url }).from(table).where(inArray(id, ids));
    return new Set(rows.flatMap((row) => objectsOf({ kind: kind as OwnerKind, id: row.id }, row.url)));
  };
  return store.sweep(Object.keys(PICTURE_COLUMNS), inUse, new Date(Date.now() - SWEEP_GRACE_MS));
}
