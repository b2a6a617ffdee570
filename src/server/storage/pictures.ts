/**
 * The stored copies of a picture, found from what the database keeps (its URL), and their removal
 * when the user, book or organisation they belong to is deleted. No image library here: the auth config and
 * the books API load this module.
 */
import { logger } from '../logger.ts';
import { keyOf } from './storage-keys.ts';
import { storage } from './storage.ts';

/** The folders of pictures: a user's, a book's, an organisation's logo. */
export type OwnerKind = 'users' | 'books' | 'organizations';

/** The widths every picture is stored at (the pages' `srcset`), and the one whose URL is stored. */
export const IMAGE_WIDTHS = [64, 256, 768] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const STORED_WIDTH: ImageWidth = 256;

/** Every stored copy of a picture whose stored URL is `url`, when it is one of ours in the owner's folder. */
export function objectsOf(owner: { kind: OwnerKind; id: string }, url: string | null | undefined): string[] {
  const key = keyOf(url);
  const stem = key?.match(new RegExp(`^(${owner.kind}/${owner.id}/[A-Za-z0-9_-]+)-${STORED_WIDTH}\\.webp$`))?.[1];
  return stem ? IMAGE_WIDTHS.map((w) => `${stem}-${w}.webp`) : [];
}

/** Whether `url` is the stored URL of a picture of ours in a folder of this kind (whoever's). */
export const isPictureUrl = (kind: OwnerKind, url: string) =>
  new RegExp(`^${kind}/[A-Za-z0-9_-]{1,100}/[A-Za-z0-9_-]+-${STORED_WIDTH}\\.webp$`).test(keyOf(url) ?? '');

/** Deletes every stored picture of a user, a book or an organisation (after the row itself is deleted). */
export async function deletePicturesOf(kind: OwnerKind, id: string): Promise<void> {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) return;
  const files = await storage();
  await files.deletePrefix(`${kind}/${id}/`).catch((error: unknown) => {
    logger().warn({ err: error, owner: `${kind}/${id}` }, 'pictures not deleted');
  });
}
