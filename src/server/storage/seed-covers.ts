// Drawn at seed time (no download) and kept cheap: every fresh database seeds, tests' included.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client.ts';
import { book, genre } from '../db/schema.ts';
import { BOOKS } from '../db/seed-data.ts';
import { IMAGE_WIDTHS, STORED_WIDTH } from './pictures.ts';
import { urlOf } from './storage-keys.ts';
import { storage } from './storage.ts';

export const COVERED_TITLES = BOOKS.slice(0, 6).map(([title]) => title);

/** Our own markup, drawn here, never uploaded. */
function coverSvg(color: string, n: number) {
  const cx = 80 + ((n * 97) % 360);
  const cy = 160 + ((n * 61) % 260);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="768" viewBox="0 0 512 768">
    <rect width="512" height="768" fill="${color}"/>
    <rect y="520" width="512" height="248" fill="#000" fill-opacity="0.25"/>
    <circle cx="${cx}" cy="${cy}" r="${110 + (n % 3) * 30}" fill="#fff" fill-opacity="0.22"/>
    <circle cx="${512 - cx}" cy="${cy + 140}" r="${60 + (n % 4) * 15}" fill="#fff" fill-opacity="0.35"/>
    <rect x="48" y="580" width="${240 + (n % 3) * 60}" height="28" rx="6" fill="#fff" fill-opacity="0.85"/>
    <rect x="48" y="630" width="${160 + (n % 2) * 50}" height="18" rx="5" fill="#fff" fill-opacity="0.6"/>
  </svg>`;
}

export async function seedCovers(db: Database) {
  const rows = await db
    .select({ id: book.id, title: book.title, color: genre.color })
    .from(book)
    .leftJoin(genre, eq(book.genreId, genre.id))
    .where(and(inArray(book.title, COVERED_TITLES), isNull(book.coverImage)));
  if (!rows.length) return;
  const files = await storage();
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  for (const row of rows) {
    const n = COVERED_TITLES.indexOf(row.title);
    const drawn = sharp(Buffer.from(coverSvg(row.color ?? '#64748b', n)), { density: (72 * largest) / 512 });
    const { data, info } = await drawn.raw().toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const stem = `books/${row.id}/seed${n}${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
    await Promise.all(
      IMAGE_WIDTHS.map(async (width) => {
        const copy = await sharp(data, raw)
          .resize(width, Math.round(width * 1.5))
          .webp({ quality: 80, effort: 1 })
          .toBuffer();
        await files.put(`${stem}-${width}.webp`, copy, 'image/webp');
      }),
    );
    await db
      .update(book)
      .set({ coverImage: urlOf(`${stem}-${STORED_WIDTH}.webp`) })
      .where(eq(book.id, row.id));
  }
}
